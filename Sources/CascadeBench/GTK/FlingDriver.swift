import CGtk
import CascadeGTK
import CascadeNumerics
import CascadeScreens
import CascadeScriptRunner
import Foundation

/// Plays a `FlingPath` on one window's view and measures the main thread's CPU time per frame
/// with the app's own `FrameStats` (from the end of one paint to the end of the next): the
/// offset of frame k is set from the frame clock's tick, so the scroll, layout and paint it
/// causes fall in that frame.
@MainActor
enum FlingDriver {
    /// Why a run could not be measured.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The main thread's CPU time of every frame of `path` played on `window`, in milliseconds.
    /// `scroll` sets a view's offset; `maxOffset` is its largest. With `screenshot`, the window
    /// is saved there (PNG) halfway through (that frame then counts the save).
    static func run(
        _ path: FlingPath, window: UnsafeMutablePointer<GtkWidget>, maxOffset: @escaping @MainActor () -> Double,
        scroll: @escaping @MainActor (Double) -> Void, screenshot: URL?
    ) throws -> FrameTimeSummary {
        final class State {
            var path: FlingPath
            var done = false
            var ticks = 0
            init(_ path: FlingPath) { self.path = path }
        }
        let state = State(path)
        let stats = FrameStats()
        stats.attach(to: window)
        // A few frames at rest first, so the first measured one does not count set-up work.
        try waitFrames(3, on: window)
        _ = stats.drain()
        let half = path.frames / 2
        let ticker = FrameTicker(widget: window) { _ in
            guard let offset = state.path.next(maxOffset: maxOffset()) else {
                state.done = true
                return false
            }
            // Before the scroll: a widget with a draw queued since its last frame has no drawing to save.
            if state.path.frame == half, let screenshot {
                do { try Screenshot.save(window, to: screenshot) } catch {
                    FileHandle.standardError.write(Data("gtk: screenshot \(screenshot.path): \(error)\n".utf8))
                }
            }
            scroll(offset)
            return true
        }
        defer { ticker.stop() }
        // At 60 frames a second the script takes frames / 60 s; a loaded machine may take a few times that.
        let limit = max(60, Double(path.frames) / 60 * 10)
        guard MainLoopBridge.run(until: { state.done }, timeout: limit) else {
            throw Failure(description: "the fling did not finish in \(Int(saturating: limit)) s")
        }
        // The last frame's paint ends before the next frame's tick.
        try waitFrames(1, on: window)
        return stats.drain().cpu
    }

    /// Waits (at most 10 s) until `count` frames of `window` have started.
    static func waitFrames(_ count: Int, on window: UnsafeMutablePointer<GtkWidget>) throws {
        var seen = 0
        let ticker = FrameTicker(widget: window) { _ in
            seen += 1
            return seen < count
        }
        defer { ticker.stop() }
        guard MainLoopBridge.run(until: { seen >= count }, timeout: 10) else {
            throw Failure(description: "the window drew no frames")
        }
    }
}
