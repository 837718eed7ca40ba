import Foundation

/// Timing for the layout suite in thread CPU time rather than wall time.
///
/// The benchmark box is shared by several builds at once (load averages of 10 on 2 cores are
/// common): wall time then mostly measures how often the thread was descheduled, and penalises
/// long runs (a 1M-item build) far more than short ones (the write floor), which skews ratios.
/// CPU time of the measuring thread counts only the work, for ours and every baseline alike.
enum CPUClock {
    /// CPU nanoseconds consumed by the calling thread.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// The minimum CPU time in ns of `runs` calls of `body`, after one warm-up call.
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
}
