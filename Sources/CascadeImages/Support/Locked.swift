import Foundation

/// A value guarded by a lock, for the small shared states of the pipeline.
///
/// The pipeline is lock-based rather than actor-based so that a memory-cache hit is answered
/// synchronously on the caller's thread (a cell bound on the main thread shows a cached image in
/// the same frame) and so that the hot paths never pay for an actor hop.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
