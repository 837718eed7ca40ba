import CascadeScheduling
import CascadeTestSupport
import Testing

/// The one scheduler protocol on the manual clock: one-shot and repeating actions, cancelling.
@MainActor
@Suite struct SchedulingTests {
    @Test func oneShotActionsRunInDueOrderUnlessCancelled() {
        let scheduler = ManualScheduler()
        var calls: [String] = []
        _ = scheduler.schedule(after: 2) { calls.append("b") }
        _ = scheduler.schedule(after: 1) { calls.append("a") }
        let cancelled = scheduler.schedule(after: 0.5) { calls.append("never") }
        cancelled.cancel()
        cancelled.cancel()
        #expect(cancelled.isCancelled)
        scheduler.advance(by: 1.5)
        #expect(calls == ["a"])
        scheduler.advance(by: 1)
        #expect(calls == ["a", "b"])
        #expect(scheduler.pendingCount == 0)
    }

    @Test func repeatingActionsRunEveryIntervalWithOnePendingRunUntilCancelled() {
        let scheduler = ManualScheduler()
        var times: [Double] = []
        let task = scheduler.scheduleRepeating(every: 0.5) { times.append(scheduler.now) }
        #expect(scheduler.pendingCount == 1)
        scheduler.advance(by: 1.75)
        #expect(times == [0.5, 1.0, 1.5])
        #expect(scheduler.pendingCount == 1)
        task.cancel()
        #expect(scheduler.pendingCount == 0)
        scheduler.advance(by: 5)
        #expect(times == [0.5, 1.0, 1.5])
    }

    @Test func anActionMayCancelItsOwnRepeatingTask() {
        let scheduler = ManualScheduler()
        var count = 0
        var task: ScheduledTask?
        task = scheduler.scheduleRepeating(every: 1) {
            count += 1
            if count == 3 { task?.cancel() }
        }
        scheduler.advance(by: 10)
        #expect(count == 3)
        #expect(scheduler.pendingCount == 0)
        // A bad interval counts as a millisecond rather than spinning forever.
        var fast = 0
        let bad = scheduler.scheduleRepeating(every: .nan) { fast += 1 }
        scheduler.advance(by: 0.0105)
        bad.cancel()
        #expect(fast == 10)
    }
}
