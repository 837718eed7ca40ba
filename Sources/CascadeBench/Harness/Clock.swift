import Foundation

/// Timing helpers for benchmarks. Every measurement takes the best (minimum) of several runs:
/// on a shared, noisy machine the minimum is the most repeatable estimate of the cost.
enum BenchClock {
    /// What a measurement counts.
    enum Source {
        /// Wall time on a monotonic clock.
        case wall
        /// CPU time of the measuring thread: on a shared, loaded box wall time mostly measures
        /// how often the thread was descheduled, which penalises long runs more than short ones.
        case threadCPU
        /// CPU time of every thread of the process: what a decode split across threads costs
        /// in all.
        case processCPU
    }

    /// Nanoseconds on a monotonic clock, or of the calling thread's CPU time.
    static func now(_ source: Source = .wall) -> UInt64 {
        switch source {
        case .wall:
            return DispatchTime.now().uptimeNanoseconds
        case .threadCPU:
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
        case .processCPU:
            var time = timespec()
            clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
            return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
        }
    }

    /// The minimum time in ns of `runs` calls of `body`, after one warm-up call.
    static func best(runs: Int = 5, warmup: Bool = true, clock: Source = .wall, _ body: () -> Void) -> Double {
        if warmup { body() }
        var best = Double.infinity
        for _ in 0..<max(1, runs) {
            let start = now(clock)
            body()
            best = min(best, Double(now(clock) - start))
        }
        return best
    }

    /// Like `best`, with a per-run setup that is not timed.
    static func best<State>(runs: Int = 5, setup: () -> State, _ body: (inout State) -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<max(1, runs) {
            var state = setup()
            let start = now()
            body(&state)
            best = min(best, Double(now() - start))
        }
        return best
    }
}

/// Stops the optimizer from deleting work whose result is unused.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
