import CGtk
import CascadeCollection

/// Runs a `Motion` on a widget's frame clock: `onFrame` with the value between `from` and `to`
/// every frame, then `onFinish` once its duration has passed.
@MainActor
package final class MotionAnimation {
    private var ticker: FrameTicker?

    /// Starts animating from `from` to `to` along `motion`, timed from the first frame.
    package init(
        widget: UnsafeMutablePointer<GtkWidget>, motion: Motion, from: Double, to: Double,
        onFrame: @escaping @MainActor (Double) -> Void, onFinish: @escaping @MainActor () -> Void
    ) {
        var start: Int64?
        ticker = FrameTicker(widget: widget) { time in
            let begin = start ?? time
            start = begin
            let elapsed = Double(time - begin) / 1e6
            onFrame(motion.value(from: from, to: to, elapsed: elapsed))
            guard motion.isFinished(elapsed: elapsed) else { return true }
            onFinish()
            return false
        }
    }

    /// Stops the animation where it is (`onFinish` is not called); safe to call more than once.
    package func stop() {
        ticker?.stop()
        ticker = nil
    }
}
