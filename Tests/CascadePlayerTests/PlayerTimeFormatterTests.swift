import CascadePlayer
import Testing

@Suite struct PlayerTimeFormatterTests {
    @Test(arguments: [
        (0.0, "0:00"), (0.99, "0:00"), (5, "0:05"), (59.9, "0:59"), (60, "1:00"), (65.9, "1:05"),
        (599, "9:59"), (600, "10:00"), (3599, "59:59"), (3600, "1:00:00"), (3725, "1:02:05"),
        (36_000, "10:00:00"),
    ])
    func formats(seconds: Double, expected: String) {
        #expect(PlayerTimeFormatter.string(from: seconds) == expected)
    }

    @Test(arguments: [-1.0, -.infinity, .infinity, .nan])
    func badInputReadsZero(seconds: Double) {
        #expect(PlayerTimeFormatter.string(from: seconds) == "0:00")
    }

    @Test func hugeInputDoesNotTrap() {
        #expect(PlayerTimeFormatter.string(from: 1e300) == "99999:59:59")
    }
}
