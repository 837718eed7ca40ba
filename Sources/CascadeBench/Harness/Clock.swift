import Foundation

/// Timing helpers for benchmarks. Every measurement takes the best (minimum) of several runs:
/// on a shared, noisy machine the minimum is the most repeatable estimate of the cost.
enum BenchClock {
    /// Nanoseconds on a monotonic clock.
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// The minimum time in ns of `runs` calls of `body`, after one warm-up call.
    static func best(runs: Int = 5, warmup: Bool = true, _ body: () -> Void) -> Double {
        if warmup { body() }
        var best = Double.infinity
        for _ in 0..<max(1, runs) {
            let start = now()
            body()
            best = min(best, Double(now() - start))
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
