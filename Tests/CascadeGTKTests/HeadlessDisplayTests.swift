import Foundation
import Testing

@testable import CascadeGTK
@testable import CascadeScriptRunner

/// Headless runs started at the same time each get their own X display (Xvfb picks the number
/// and reports it through `-displayfd`; guessing a free number from lock files raced).
@Suite struct HeadlessDisplayTests {
    @Test func displaysStartedTogetherAreDistinctAndLive() async throws {
        let displays = await withTaskGroup(of: HeadlessDisplay?.self) { group in
            for _ in 0..<3 { group.addTask { HeadlessDisplay.launch() } }
            return await group.reduce(into: [HeadlessDisplay?]()) { $0.append($1) }
        }
        let started = displays.compactMap { $0 }
        defer { for display in started { display.stop() } }
        #expect(started.count == 3)
        #expect(Set(started.map(\.name)).count == started.count)
        for display in started {
            let number = display.name.dropFirst()
            #expect(FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)"), "\(display.name) listens")
        }
    }

    @Test func theDisplayNumberIsReadFromThePipe() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        _ = "42\n".withCString { write(fds[1], $0, 3) }
        #expect(HeadlessDisplay.readDisplayNumber(from: fds[0], timeout: 2) == 42)
        // Nothing more arrives: the bounded wait gives up.
        #expect(HeadlessDisplay.readDisplayNumber(from: fds[0], timeout: 0.2) == nil)
    }
}
