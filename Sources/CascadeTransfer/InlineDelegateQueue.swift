import Foundation

/// The delegate queue of a `BoundedTransferSession`: runs each callback at once, on the thread
/// that hands it over (the session's transfer thread), one at a time, so a transfer can never
/// run ahead of its delegate.
///
/// swift-corelibs-foundation hands each chunk libcurl delivers (already inflated) to the delegate
/// queue with `addOperation(_:)` and reads on at once: with an ordinary queue a fast server or a
/// gzip bomb queues hundreds of megabytes before the delegate has counted the first chunk, so a
/// cap counted in the delegate bounds the body kept, not the memory used (a delegate slowed to
/// 2 ms a chunk let a 1 GiB bomb grow the process by 311 MB). Run inline, a chunk is counted (and
/// dropped once its transfer is answered) before libcurl inflates or reads the next one: one
/// chunk (16 KB) in flight per session, and a cancelled transfer's remaining chunks cost no
/// memory.
///
/// Rules for the callbacks this queue runs (`TransferRouter` keeps them): they are short, and
/// they never wait for the transfer thread — no `URLSessionTask.cancel()` (it waits for that
/// thread; the router cancels on a queue of its own) and no other synchronous URLSession call.
/// Completion handlers are fine: corelibs dispatches them asynchronously. A bounded wait for a
/// thread-blocked variant was tried first: corelibs' transfer threads of every session in the
/// process share one serial queue, and a cancel then could not get in while a fast body flowed.
final class InlineDelegateQueue: OperationQueue, @unchecked Sendable {
    /// Serialises the callbacks (as a queue with one operation at a time would); recursive, so a
    /// callback that hands over another one runs it instead of deadlocking.
    private let serial = NSRecursiveLock()
    private let counter = NSLock()
    private var handedOver = 0

    override init() {
        super.init()
        maxConcurrentOperationCount = 1
        name = "cascade.transfer-delegate"
    }

    /// Callbacks handed over and not finished: 1 while one runs. Were they queued instead, the
    /// chunks waiting behind the one being counted would show here (tests check it).
    var callbacksInFlight: Int { counter.withLock { handedOver } }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        counter.withLock { handedOver += 1 }
        defer { counter.withLock { handedOver -= 1 } }
        serial.lock()
        defer { serial.unlock() }
        block()
    }
}
