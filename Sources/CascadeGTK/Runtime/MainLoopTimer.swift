import CGtk
import CascadeNumerics

/// GLib timers and frame callbacks that own their closures and release them when they stop. A
/// timer runs until its body returns false or `cancel()`; dropping it does not stop it (fire and
/// forget `MainLoopTimer.after(0) { … }`), so bodies capture their owners weakly.
@MainActor
package final class MainLoopTimer {
    private final class Box: @unchecked Sendable {
        let body: @MainActor () -> Bool
        init(_ body: @escaping @MainActor () -> Bool) { self.body = body }
    }

    private var sourceID: guint = 0

    /// Calls `body` every `milliseconds` until it returns false or the timer is cancelled.
    package init(every milliseconds: UInt32, _ body: @escaping @MainActor () -> Bool) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        sourceID = g_timeout_add_full(
            G_PRIORITY_DEFAULT, milliseconds,
            { data in
                let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
                return MainActor.assumeIsolated { box.body() } ? 1 : 0
            }, box, { data in Unmanaged<Box>.fromOpaque(data!).release() })
    }

    /// Calls `body` once after `seconds` (clamped to 0...one day; NaN is 0) unless cancelled first.
    @discardableResult
    package static func after(seconds: Double, _ body: @escaping @MainActor () -> Void) -> MainLoopTimer {
        let clamped = seconds.isNaN ? 0 : min(max(0, seconds), 86_400)
        return after(UInt32(saturatingRounded: clamped * 1000), body)
    }

    /// Calls `body` once after `milliseconds`, unless cancelled first.
    @discardableResult
    package static func after(_ milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> MainLoopTimer {
        MainLoopTimer(every: milliseconds) {
            body()
            return false
        }
    }

    /// Stops the timer; safe to call more than once, and after it finished.
    package func cancel() {
        if sourceID != 0, let source = g_main_context_find_source_by_id(nil, sourceID),
            g_source_is_destroyed(source) == 0
        {
            g_source_destroy(source)
        }
        sourceID = 0
    }

}

/// Per-frame callbacks on a widget's frame clock (`gtk_widget_add_tick_callback`).
@MainActor
package final class FrameTicker {
    private final class Box: @unchecked Sendable {
        let body: @MainActor (Int64) -> Bool
        init(_ body: @escaping @MainActor (Int64) -> Bool) { self.body = body }
    }

    private let widget: UnsafeMutablePointer<GtkWidget>
    private var id: guint = 0

    /// Calls `body(frameTimeMicroseconds)` on every frame until it returns false or `stop()`.
    package init(widget: UnsafeMutablePointer<GtkWidget>, _ body: @escaping @MainActor (Int64) -> Bool) {
        self.widget = widget
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        id = gtk_widget_add_tick_callback(
            widget,
            { _, clock, data in
                let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
                let time = gdk_frame_clock_get_frame_time(clock)
                return MainActor.assumeIsolated { box.body(Int64(time)) } ? 1 : 0
            }, box, { data in Unmanaged<Box>.fromOpaque(data!).release() })
    }

    /// Removes the callback; safe to call more than once.
    package func stop() {
        if id != 0 { gtk_widget_remove_tick_callback(widget, id) }
        id = 0
    }
}
