import CGtk
import CascadeGTK
import CascadeScreens
import Foundation

/// Frame times from the window's frame clock: the time from the first phase of a frame
/// (events, update or layout) to the end of its paint, for frames that painted. Times are read
/// from `CLOCK_MONOTONIC` (what `scripts/perf_app.py` lines slow frames up with).
@MainActor
final class FrameStats {
    private var frames: [FrameTimeSummary.Frame] = []
    private var frameStart: Double?
    private var handlers: [gulong] = []
    private var clock: OpaquePointer?

    /// Creates an idle recorder; call `attach` once the window is realized.
    init() {}

    /// Starts recording frames of `widget`'s frame clock.
    func attach(to widget: UnsafeMutablePointer<GtkWidget>) {
        guard clock == nil, let clock = gtk_widget_get_frame_clock(widget) else { return }
        self.clock = clock
        for phase in ["flush-events", "before-paint", "update", "layout"] {
            handlers.append(Signal.connect(UnsafeMutableRawPointer(clock), phase) { [weak self] in self?.begin() })
        }
        handlers.append(Signal.connect(UnsafeMutableRawPointer(clock), "after-paint") { [weak self] in self?.end() })
    }

    /// Returns the frames painted since the last call, and resets.
    func drain() -> FrameTimeSummary {
        defer { frames.removeAll(keepingCapacity: true) }
        return FrameTimeSummary(frames: frames)
    }

    private func begin() {
        if frameStart == nil { frameStart = Self.now() }
    }

    private func end() {
        guard let start = frameStart else { return }
        frameStart = nil
        frames.append(.init(start: start, duration: Self.now() - start))
    }

    /// `CLOCK_MONOTONIC` in milliseconds.
    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }
}
