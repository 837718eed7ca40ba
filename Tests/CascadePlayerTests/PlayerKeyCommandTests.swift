import CascadePlayer
import Testing

@Suite struct PlayerKeyCommandTests {
    @Test(arguments: [
        ("space", PlayerKeyCommand.togglePlayPause), (" ", .togglePlayPause),
        ("Left", .seek(by: -5)), ("KP_Left", .seek(by: -5)), ("ArrowRight", .seek(by: 5)), ("Right", .seek(by: 5)),
        ("Up", .changeVolume(by: 0.1)), ("Down", .changeVolume(by: -0.1)),
        ("j", .seek(by: -10)), ("J", .seek(by: -10)), ("l", .seek(by: 10)), ("L", .seek(by: 10)),
        ("f", .toggleFullscreen), ("F", .toggleFullscreen), ("Escape", .exitFullscreen), ("Esc", .exitFullscreen),
    ])
    func mapsKeys(name: String, command: PlayerKeyCommand) {
        #expect(PlayerKeyCommand.command(forKey: name) == command)
    }

    @Test(arguments: ["a", "Return", "", "left", "ff", "Tab", "k", "jj"])
    func ignoresOtherKeys(name: String) {
        #expect(PlayerKeyCommand.command(forKey: name) == nil)
    }

    @Test func stepsAreConfigurable() {
        #expect(PlayerKeyCommand.command(forKey: "Left", seekStep: 10) == .seek(by: -10))
        #expect(PlayerKeyCommand.command(forKey: "l", skipStep: 30) == .seek(by: 30))
        #expect(PlayerKeyCommand.command(forKey: "Up", volumeStep: 0.05) == .changeVolume(by: 0.05))
    }
}
