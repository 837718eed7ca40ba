import CGtk
import CascadeGTK
import Foundation
import Testing

@MainActor
@Suite struct MainLoopBridgeTests {
    @Test func runIteratesGLibSourcesUntilConditionHolds() {
        final class Box: @unchecked Sendable { var fired = false }
        let box = Box()
        let raw = Unmanaged.passRetained(box).toOpaque()
        g_timeout_add_full(
            G_PRIORITY_DEFAULT, 20,
            { data in
                Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue().fired = true
                return 0
            }, raw, { data in Unmanaged<Box>.fromOpaque(data!).release() })
        #expect(MainLoopBridge.run(until: { box.fired }, timeout: 5))
    }

    @Test func runGivesUpAtTheTimeout() {
        let start = Date()
        #expect(!MainLoopBridge.run(until: { false }, timeout: 0.2))
        #expect(Date().timeIntervalSince(start) < 2)
    }
}
