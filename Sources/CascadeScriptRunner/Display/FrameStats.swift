import CGtk
import CascadeGTK
import CascadeScreens
import Foundation

/// Frame times from the window's frame clock: the time from the first phase of a frame
/// (events, update or layout) to the end of its paint, for frames that painted. Times are read
/// from `CLOCK_MONOTONIC` (what `scripts/perf_app.py` lines slow frames up with). Beside them,
/// the main thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`) from the end of one paint to the end
/// of the next (from the start of a step for its first frame): what the app spent on each
/// frame, whatever the machine gave to others.
@MainActor
package final class FrameStats {
    private var frames: [FrameTimeSummary.Frame] = []
    private var cpu: [Double] = []
    private var frameStart: Double?
    /// The main thread's CPU time at the end of the last paint (or when recording started).
    private var cycleStart: Double?
    private var handlers: [gulong] = []
    private var clock: OpaquePointer?

    /// Creates an idle recorder; call `attach` once the window is realized.
    package init() {}

    /// Starts recording frames of `widget`'s frame clock.
    package func attach(to widget: UnsafeMutablePointer<GtkWidget>) {
        guard clock == nil, let clock = gtk_widget_get_frame_clock(widget) else { return }
        self.clock = clock
        for phase in ["flush-events", "before-paint", "update", "layout"] {
            handlers.append(Signal.connect(UnsafeMutableRawPointer(clock), phase) { [weak self] in self?.begin() })
        }
        handlers.append(Signal.connect(UnsafeMutableRawPointer(clock), "after-paint") { [weak self] in self?.end() })
    }

    /// Returns the frames painted since the last call, their wall times and their main-thread
    /// CPU times, and resets.
    package func drain() -> (times: FrameTimeSummary, cpu: FrameTimeSummary) {
        defer {
            frames.removeAll(keepingCapacity: true)
            cpu.removeAll(keepingCapacity: true)
        }
        return (FrameTimeSummary(frames: frames), FrameTimeSummary(cpu))
    }

    /// Counts CPU from now: called as a step starts, so the runner's own work since the last
    /// paint (the state it reported, a screenshot's PNG) is not the first frame's.
    package func restartCycle() {
        cycleStart = Self.threadCPU()
    }

    private func begin() {
        if frameStart == nil { frameStart = Self.now() }
        if cycleStart == nil { cycleStart = Self.threadCPU() }
    }

    private func end() {
        guard let start = frameStart else { return }
        frameStart = nil
        frames.append(.init(start: start, duration: Self.now() - start))
        let spent = Self.threadCPU()
        if let cycleStart { cpu.append(spent - cycleStart) }
        cycleStart = spent
    }

    /// The calling thread's CPU time in milliseconds (the frame clock's signals run on the main thread).
    private static func threadCPU() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }

    /// `CLOCK_MONOTONIC` in milliseconds.
    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }
}
