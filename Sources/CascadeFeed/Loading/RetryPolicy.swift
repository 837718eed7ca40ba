/// When and how long `HTTPFetcher` waits before repeating a failed idempotent request.
///
/// Only timeouts and 5xx answers (and 429) are retried. The wait before retry *k* (0-based) is
/// `min(maxDelay, baseDelay × 2^k)` scaled by a jitter factor in `[1 − jitter, 1]`; a
/// `Retry-After` header raises it to at least the server's wish, capped at `maxRetryAfter`.
public struct RetryPolicy: Hashable, Sendable {
    /// Retries after the first attempt (the default 2 makes at most 3 requests).
    public var maxRetries: Int
    /// The wait before the first retry, in seconds.
    public var baseDelay: Double
    /// The longest backoff wait, in seconds.
    public var maxDelay: Double
    /// The fraction of the backoff that is randomised (0 = none, 1 = anywhere from 0 to the backoff).
    public var jitter: Double
    /// The longest `Retry-After` honoured, in seconds; longer requests are clamped to it.
    public var maxRetryAfter: Double

    /// Creates a policy; negative or non-finite values are clamped to 0 and `jitter` to 0...1.
    public init(
        maxRetries: Int = 2, baseDelay: Double = 0.5, maxDelay: Double = 4, jitter: Double = 0.5,
        maxRetryAfter: Double = 10
    ) {
        func clean(_ value: Double) -> Double { value.isFinite ? max(0, value) : 0 }
        self.maxRetries = max(0, maxRetries)
        self.baseDelay = clean(baseDelay)
        self.maxDelay = clean(maxDelay)
        self.jitter = min(1, clean(jitter))
        self.maxRetryAfter = clean(maxRetryAfter)
    }

    /// The default: 2 retries, 0.5 s then 1 s (± jitter).
    public static let standard = RetryPolicy()
    /// No retries.
    public static let none = RetryPolicy(maxRetries: 0)

    /// The wait in seconds before retry `attempt` (0-based), given a random value in 0..<1 and the
    /// server's `Retry-After` in seconds, if any.
    public func delay(attempt: Int, random: Double, retryAfter: Double?) -> Double {
        let exponential = baseDelay * Double(1 << min(max(attempt, 0), 30))
        let backoff = min(maxDelay, exponential) * (1 - jitter * min(max(random, 0), 1))
        guard let retryAfter, retryAfter.isFinite else { return backoff }
        return max(backoff, min(max(retryAfter, 0), maxRetryAfter))
    }
}
