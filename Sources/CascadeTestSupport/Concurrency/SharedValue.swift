import Synchronization

/// A value behind a `Mutex` that a test shares with the escaping closures it hands out (a
/// `Mutex` itself cannot be captured: it is not copyable).
public final class SharedValue<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    /// Creates the shared value.
    public init(_ value: Value) { mutex = Mutex(value) }

    /// Runs `body` with exclusive access to the value.
    public func withLock<Result: Sendable>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try mutex.withLock { try body(&$0) }
    }
}
