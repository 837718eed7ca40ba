import CGtk
import CascadeGTK
import CascadeNumerics
import CascadeScreens
import CascadeScriptRunner
import Foundation

/// Plays a `FlingPath` on one window's view, a block of frames at a time, and measures the main
/// thread's CPU time per frame with the app's own `FrameStats` (from the end of one paint to the
/// end of the next): the offset of frame k is set from the frame clock's tick, so the scroll,
/// layout and paint it causes fall in that frame. The window is shown only while it plays, so
/// two drivers can take turns and both see the same stretches of a loaded machine.
@MainActor
final class FlingDriver {
    /// Why a run could not be measured.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let window: UnsafeMutablePointer<GtkWidget>
    private let stats = FrameStats()
    private let maxOffset: () -> Double
    private let scroll: (Double) -> Void
    private let screenshot: URL?
    private var path: FlingPath
    private var samples: [Double] = []

    /// Plays `path` on `window`: `scroll` sets the view's offset, `maxOffset` is its largest.
    /// With `screenshot`, the window is saved there (PNG) halfway through the path (that frame
    /// then counts the save).
    init(
        _ path: FlingPath, window: UnsafeMutablePointer<GtkWidget>, maxOffset: @escaping () -> Double,
        scroll: @escaping (Double) -> Void, screenshot: URL?
    ) {
        self.path = path
        self.window = window
        self.maxOffset = maxOffset
        self.scroll = scroll
        self.screenshot = screenshot
    }

    /// The CPU time of every frame played so far, in milliseconds.
    var summary: FrameTimeSummary { FrameTimeSummary(samples) }

    /// Whether the whole path was played.
    var isFinished: Bool { path.frame >= path.frames }

    /// Shows the window, plays the next `count` frames of the path (fewer at its end) and hides it.
    /// Never inlined: `scripts/callgrind-fling.py` counts the instructions inside it.
    @inline(never)
    func play(frames count: Int) throws {
        gtk_widget_set_visible(window, 1)
        defer { gtk_widget_set_visible(window, 0) }
        stats.attach(to: window)
        // A few frames at rest first, so the first measured one does not count mapping the window.
        try Self.waitFrames(3, on: window)
        _ = stats.drain()
        let end = min(path.frames, path.frame + count)
        let half = path.frames / 2
        var done = false
        let ticker = FrameTicker(widget: window) { [self] _ in
            guard path.frame < end, let offset = path.next(maxOffset: maxOffset()) else {
                done = true
                return false
            }
            // Before the scroll: a widget with a draw queued since its last frame has no drawing to save.
            if path.frame == half, let screenshot {
                do { try Screenshot.save(window, to: screenshot) } catch {
                    FileHandle.standardError.write(Data("gtk: screenshot \(screenshot.path): \(error)\n".utf8))
                }
            }
            scroll(offset)
            return true
        }
        defer { ticker.stop() }
        // At 60 frames a second a block takes count / 60 s; a loaded machine may take a few times that.
        let limit = max(60, Double(count) / 60 * 10) * Self.patience
        guard MainLoopBridge.run(until: { done }, timeout: limit) else {
            throw Failure(description: "\(count) frames did not play in \(Int(saturating: limit)) s")
        }
        // The last frame's paint ends before the next frame's tick.
        try Self.waitFrames(1, on: window)
        samples += stats.drain().cpu.sorted
    }

    /// How many times longer than at full speed the bench waits for frames and loads:
    /// `CASCADE_BENCH_PATIENCE` (1 to 1,000; 1 when unset), which `scripts/callgrind-fling.py`
    /// sets for a run under valgrind, many times slower.
    static let patience: Double = {
        let asked = ProcessInfo.processInfo.environment["CASCADE_BENCH_PATIENCE"].flatMap(Double.init) ?? 1
        return asked.isFinite ? min(1_000, max(1, asked)) : 1
    }()

    /// Waits (at most 10 s × `patience`) until `count` frames of `window` have started.
    static func waitFrames(_ count: Int, on window: UnsafeMutablePointer<GtkWidget>) throws {
        var seen = 0
        let ticker = FrameTicker(widget: window) { _ in
            seen += 1
            return seen < count
        }
        defer { ticker.stop() }
        guard MainLoopBridge.run(until: { seen >= count }, timeout: 10 * patience) else {
            throw Failure(description: "the window drew no frames")
        }
    }
}
