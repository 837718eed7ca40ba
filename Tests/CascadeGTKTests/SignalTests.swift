import CGtk
import CascadeGTK
import Foundation
import Testing

/// `Signal`'s handlers run inside the emission on the main actor's thread, as in the app, also
/// under Swift Testing, whose main actor is not on the main thread; from another thread they run
/// later, on the main loop.
@MainActor
@Suite struct SignalTests {
    /// The order things happened in.
    final class Log: @unchecked Sendable {
        var events: [String] = []
    }

    /// Runs `body` with an adjustment whose `value-changed` handler (`Signal.connect`) logs "handler".
    private func withLoggingAdjustment(_ body: (UnsafeMutablePointer<GtkAdjustment>, Log) throws -> Void) throws {
        let adjustment = try #require(gtk_adjustment_new(0, 0, 100, 1, 10, 10))
        g_object_ref_sink(UnsafeMutableRawPointer(adjustment))
        defer { g_object_unref(UnsafeMutableRawPointer(adjustment)) }
        let log = Log()
        let handler = Signal.connect(UnsafeMutableRawPointer(adjustment), "value-changed") {
            log.events.append("handler")
        }
        defer { g_signal_handler_disconnect(UnsafeMutableRawPointer(adjustment), handler) }
        try body(adjustment, log)
    }

    @Test func aSignalEmittedWhileTheLoopRunsReachesItsHandlerBeforeTheEmitterGoesOn() throws {
        try withLoggingAdjustment { adjustment, log in
            // As GTK emits a frame clock's phase or an input event: from a main-loop dispatch.
            MainLoopHandoff.async {
                gtk_adjustment_set_value(adjustment, 50)
                log.events.append("set_value returned")
            }
            #expect(MainLoopBridge.run(until: { log.events.count == 2 }, timeout: 5))
            #expect(log.events == ["handler", "set_value returned"])
        }
    }

    @Test func aSignalEmittedOnAnotherThreadReachesItsHandlerOnTheMainLoop() throws {
        try withLoggingAdjustment { adjustment, log in
            let signal = g_signal_lookup("value-changed", gtk_adjustment_get_type())
            let instance = UInt(bitPattern: UnsafeMutableRawPointer(adjustment))
            // As GStreamer emits from its streaming threads (`g_signal_emit` is variadic: `emitv`).
            let emitted = DispatchSemaphore(value: 0)
            let thread = Thread {
                defer { emitted.signal() }
                var value = GValue()
                g_value_init(&value, gtk_adjustment_get_type())
                g_value_set_object(&value, UnsafeMutableRawPointer(bitPattern: instance))
                g_signal_emitv(&value, signal, 0, nil)
                g_value_unset(&value)
            }
            thread.start()
            // Waits without iterating the loop: the handler must not have run on the emitting thread.
            emitted.wait()
            #expect(log.events.isEmpty, "the handler ran on the emitting thread")
            #expect(MainLoopBridge.run(until: { !log.events.isEmpty }, timeout: 5))
            #expect(log.events == ["handler"])
        }
    }
}
