import CGtk
import CascadeGTK
import CascadePlayer
import CascadeTestSupport
import Foundation
import Testing

/// `PlayerController` driving the real GStreamer engine: the app's player page without widgets.
@MainActor
@Suite(.serialized, .needsDisplay)
struct PlayerControllerEngineTests {
    let fixture: PlayerEngineFixture

    init() throws {
        fixture = try PlayerEngineFixture()
    }

    /// The reference feed's `.flv` → `.mp4` rule is the feed decoder's (ReferenceVideoURLTests):
    /// the player plays the URL it is given, here the clip itself.
    @Test func aClipPlaysAndEndsInFullscreenThenStops() throws {
        let clips = fixture.clips
        let engine = PlaybinEngine()
        let controller = PlayerController(source: clips.clip, engine: engine)
        var states: [String] = []
        controller.onChange = { snapshot in
            if states.last != snapshot.state.name { states.append(snapshot.state.name) }
        }
        var streamAtFullscreenExit: Bool?
        controller.onFullscreenRequest = { fullscreen in
            if !fullscreen { streamAtFullscreenExit = engine.pipeline != nil }
            // The host's transition takes a moment, then it confirms.
            _ = PlayerTimeoutProbe.after(0.1) { controller.fullscreenDidChange(fullscreen) }
        }
        controller.play()
        #expect(MainLoopBridge.run(until: { controller.snapshot.state == .playing }, timeout: 10))
        controller.toggleFullscreen()
        #expect(MainLoopBridge.run(until: { controller.snapshot.isFullscreen }, timeout: 2))
        controller.seek(to: 2.4)
        #expect(MainLoopBridge.run(until: { controller.snapshot.state == .stopped }, timeout: 5))
        #expect(streamAtFullscreenExit == true, "fullscreen must be left before the engine stops")
        #expect(!controller.snapshot.isFullscreen)
        #expect(engine.pipeline == nil)
        #expect(states == ["loading", "playing", "ended", "stopped"])
    }

    @Test func missingFileFailsThenRetrySucceedsOnceTheFileExists() throws {
        let clips = fixture.clips
        let late = clips.directory.appendingPathComponent("late-\(UUID().uuidString).mp4")
        let controller = PlayerController(source: late, engine: PlaybinEngine())
        controller.play()
        #expect(MainLoopBridge.run(until: { controller.snapshot.controls.errorMessage != nil }, timeout: 3))
        #expect(controller.snapshot.controls.canRetry)
        try FileManager.default.copyItem(at: clips.clip, to: late)
        controller.retry()
        #expect(MainLoopBridge.run(until: { controller.snapshot.state == .playing }, timeout: 10))
        #expect(MainLoopBridge.run(until: { controller.snapshot.position > 0.1 }, timeout: 5))
        controller.stop()
        #expect(controller.snapshot.state == .stopped)
    }
}

/// A GLib timeout for test hosts (the engine's own helper is internal to CascadeGTK).
@MainActor
enum PlayerTimeoutProbe {
    final class Box: @unchecked Sendable {
        let action: @MainActor () -> Void
        init(_ action: @escaping @MainActor () -> Void) { self.action = action }
    }

    /// Runs `action` after `seconds` from the default main context; returns the source id.
    static func after(_ seconds: Double, _ action: @escaping @MainActor () -> Void) -> guint {
        g_timeout_add_full(
            G_PRIORITY_DEFAULT, guint(seconds * 1000),
            { data in
                let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
                MainActor.assumeIsolated { box.action() }
                return 0
            }, Unmanaged.passRetained(Box(action)).toOpaque(),
            { data in Unmanaged<Box>.fromOpaque(data!).release() })
    }
}
