import CGtk
import CascadeGTK
import CascadeScreens
import CascadeScript
import Foundation

/// Frame times from the window's frame clock: the time from the first phase of a frame
/// (events, update or layout) to the end of its paint, for frames that painted. Times are read
/// from `CLOCK_MONOTONIC` (what `scripts/perf_app.py` lines slow frames up with). Beside them,
/// the main thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`) from the end of one paint to the end
/// of the next (from the start of a step for its first frame): what the app spent on each
/// frame, whatever the machine gave to others, split by the phase it was spent in. Each mark is
/// read in a handler that runs after every other handler of its phase (`Signal.connectLast`),
/// so it closes that phase.
@MainActor
package final class FrameStats {
    package typealias Phases = ScriptReport.State.FrameCPU.Phases

    private var frames: [FrameTimeSummary.Frame] = []
    private var cpu: [Double] = []
    private var phases: [Phases] = []
    private var frameStart: Double?
    /// The main thread's CPU time at the end of the last paint (or when recording started).
    private var cycleStart: Double?
    /// The CPU time at the last mark, and the frame's CPU per phase so far.
    private var lastMark: Double?
    private var split = Split()
    private var handlers: [gulong] = []
    private var clock: OpaquePointer?

    private struct Split {
        var between = 0.0, update = 0.0, layout = 0.0, paint = 0.0, rest = 0.0
    }

    /// Creates an idle recorder; call `attach` once the window is realized.
    package init() {}

    /// Starts recording frames of `widget`'s frame clock.
    package func attach(to widget: UnsafeMutablePointer<GtkWidget>) {
        guard clock == nil, let clock = gtk_widget_get_frame_clock(widget) else { return }
        self.clock = clock
        let phases: [(String, WritableKeyPath<Split, Double>)] = [
            ("flush-events", \.between), ("before-paint", \.between), ("update", \.update), ("layout", \.layout),
        ]
        for (phase, share) in phases {
            handlers.append(
                Signal.connectLast(UnsafeMutableRawPointer(clock), phase) { [weak self] in
                    self?.begin()
                    self?.mark(share)
                })
        }
        handlers.append(
            Signal.connectLast(UnsafeMutableRawPointer(clock), "paint") { [weak self] in self?.mark(\.paint) })
        handlers.append(
            Signal.connectLast(UnsafeMutableRawPointer(clock), "after-paint") { [weak self] in self?.end() })
    }

    /// Returns the frames painted since the last call, their wall times, their main-thread CPU
    /// times and the slowest of those split by phase (slowest first), and resets.
    package func drain() -> (times: FrameTimeSummary, cpu: FrameTimeSummary, slowest: [Phases]) {
        defer {
            frames.removeAll(keepingCapacity: true)
            cpu.removeAll(keepingCapacity: true)
            phases.removeAll(keepingCapacity: true)
        }
        let slowest = phases.sorted { $0.total > $1.total }.prefix(ScriptReport.State.FrameCPU.slowestKept)
        return (FrameTimeSummary(frames: frames), FrameTimeSummary(cpu), Array(slowest))
    }

    /// Counts CPU from now: called as a step starts, so the runner's own work since the last
    /// paint (the state it reported, a screenshot's PNG) is not the first frame's.
    package func restartCycle() {
        cycleStart = Self.threadCPU()
        lastMark = cycleStart
        split = Split()
    }

    private func begin() {
        if frameStart == nil { frameStart = Self.now() }
        if cycleStart == nil { cycleStart = Self.threadCPU() }
    }

    /// Charges the CPU spent since the last mark to `share`.
    private func mark(_ share: WritableKeyPath<Split, Double>) {
        let now = Self.threadCPU()
        split[keyPath: share] += now - (lastMark ?? cycleStart ?? now)
        lastMark = now
    }

    private func end() {
        mark(\.rest)
        guard let start = frameStart else { return }
        frameStart = nil
        frames.append(.init(start: start, duration: Self.now() - start))
        let spent = lastMark ?? Self.threadCPU()
        if let cycleStart {
            cpu.append(spent - cycleStart)
            phases.append(
                Phases(
                    between: split.between, update: split.update, layout: split.layout, paint: split.paint,
                    rest: split.rest))
        }
        cycleStart = spent
        split = Split()
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
