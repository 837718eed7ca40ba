import Foundation

/// Runs an action after a delay on the main actor; injected so tests advance time instantly.
@MainActor
public protocol PlayerScheduling: AnyObject {
    /// Runs `action` once, `delay` seconds from now, unless the returned task is cancelled.
    func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> PlayerScheduledTask
}

/// A pending scheduled action.
@MainActor
public final class PlayerScheduledTask {
    private var cancelHandler: (@MainActor () -> Void)?

    /// Creates a task whose `cancel()` runs `cancel` once.
    public init(cancel: @escaping @MainActor () -> Void) {
        cancelHandler = cancel
    }

    /// Whether `cancel()` has been called.
    public private(set) var isCancelled = false

    /// Prevents the action from running; idempotent.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        cancelHandler?()
        cancelHandler = nil
    }
}
