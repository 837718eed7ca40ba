import CascadeGTK
import CascadePlayer
import CascadeTestSupport
import Foundation
import Testing

@MainActor
@Suite struct GLibPlayerSchedulerTests {
    @Test func runsAfterTheDelayUnlessCancelled() {
        let scheduler = GLibScheduler()
        var fired: [String] = []
        let start = Date()
        _ = scheduler.schedule(after: 0.05) { fired.append("kept") }
        let cancelled = scheduler.schedule(after: 0.01) { fired.append("cancelled") }
        cancelled.cancel()
        cancelled.cancel()
        #expect(MainLoopBridge.run(until: { !fired.isEmpty }, timeout: 2))
        #expect(Date().timeIntervalSince(start) >= 0.045)
        MainLoopBridge.run(until: { false }, timeout: 0.05)
        #expect(fired == ["kept"])
    }

    @Test func drivesTheControllersAutoHide() {
        let engine = FakePlaybackEngine()
        var configuration = PlayerController.Configuration()
        configuration.controlsAutoHideDelay = 0.05
        let controller = PlayerController(
            source: URL(fileURLWithPath: "/tmp/x.mp4"), engine: engine, scheduler: GLibScheduler(),
            configuration: configuration)
        controller.play()
        engine.send(.ready(duration: 10))
        #expect(controller.snapshot.controlsVisible)
        #expect(MainLoopBridge.run(until: { !controller.snapshot.controlsVisible }, timeout: 2))
        controller.stop()
    }
}
