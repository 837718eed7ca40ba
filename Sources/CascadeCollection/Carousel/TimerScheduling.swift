/// A source of repeating timers, injected so that models with timers (the carousel's
/// auto-advance) run on the host's clock in the app and on a manual clock in tests.
///
/// The GTK host implements it with `g_timeout_add`; tests use a manual scheduler.
public protocol TimerScheduling: AnyObject {
    /// Calls `action` every `interval` seconds until the returned timer is cancelled.
    ///
    /// The scheduler keeps `action` alive; models pass closures that capture themselves weakly.
    func scheduleRepeating(every interval: Double, _ action: @escaping () -> Void) -> any ScheduledTimer
}

/// A running timer from a `TimerScheduling`.
public protocol ScheduledTimer: AnyObject {
    /// Stops the timer; its action is not called again. Idempotent.
    func cancel()
}
