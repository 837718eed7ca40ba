import CascadeScheduling

/// A `Scheduling` on a virtual clock: actions run only when a test advances time, so
/// auto-advance, auto-hide and fullscreen timeouts are tested instantly and deterministically.
@MainActor
public final class ManualScheduler: Scheduling {
    private struct Entry {
        let id: Int
        let due: Double
        let action: @MainActor () -> Void
    }

    /// Virtual seconds elapsed since creation.
    public private(set) var now: Double = 0
    private var entries: [Entry] = []
    private var nextID = 0

    /// Creates a scheduler at time 0.
    public init() {}

    /// The number of actions scheduled and neither run nor cancelled.
    public var pendingCount: Int { entries.count }

    /// Schedules `action` at `now + delay`.
    public func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> ScheduledTask {
        nextID += 1
        let id = nextID
        entries.append(Entry(id: id, due: now + max(0, delay), action: action))
        return ScheduledTask(cancel: { [weak self] in
            self?.entries.removeAll { $0.id == id }
        })
    }

    /// Advances the clock by `seconds`, running due actions in due order (ties in scheduling
    /// order), including actions they schedule that fall due within the interval.
    public func advance(by seconds: Double) {
        let target = now + max(0, seconds)
        while let next = entries.enumerated().min(by: {
            ($0.element.due, $0.element.id) < ($1.element.due, $1.element.id)
        }),
            next.element.due <= target
        {
            entries.remove(at: next.offset)
            now = max(now, next.element.due)
            next.element.action()
        }
        now = target
    }
}
