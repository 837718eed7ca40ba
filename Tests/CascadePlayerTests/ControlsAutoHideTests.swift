import CascadePlayer
import CascadeTestSupport
import Testing

@MainActor
@Suite struct ControlsAutoHideTests {
    let scheduler = ManualScheduler()

    @Test func hidesAfterTheDelayOnlyWhileEnabled() {
        let model = ControlsAutoHide(delay: 2.5, scheduler: scheduler)
        scheduler.advance(by: 10)
        #expect(model.isVisible)
        model.setEnabled(true)
        scheduler.advance(by: 2.4)
        #expect(model.isVisible)
        scheduler.advance(by: 0.1)
        #expect(!model.isVisible)
    }

    @Test func interactionShowsAndRestartsTheCountdown() {
        let model = ControlsAutoHide(delay: 2.5, scheduler: scheduler)
        var changes: [Bool] = []
        model.onVisibilityChange = { changes.append($0) }
        model.setEnabled(true)
        scheduler.advance(by: 2)
        model.interact()
        scheduler.advance(by: 2)
        #expect(model.isVisible)
        scheduler.advance(by: 0.5)
        #expect(!model.isVisible)
        model.interact()
        #expect(model.isVisible)
        #expect(changes == [false, true])
        #expect(scheduler.pendingCount == 1)
    }

    @Test func tapTogglesWhileEnabledAndShowsOtherwise() {
        let model = ControlsAutoHide(delay: 2.5, scheduler: scheduler)
        model.tap()
        #expect(model.isVisible)
        model.setEnabled(true)
        model.tap()
        #expect(!model.isVisible)
        #expect(scheduler.pendingCount == 0)
        model.tap()
        #expect(model.isVisible)
        scheduler.advance(by: 2.5)
        #expect(!model.isVisible)
    }

    @Test func disablingShowsAndCancels() {
        let model = ControlsAutoHide(delay: 2.5, scheduler: scheduler)
        model.setEnabled(true)
        scheduler.advance(by: 3)
        #expect(!model.isVisible)
        model.setEnabled(false)
        #expect(model.isVisible)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func badDelayIsClampedToZero() {
        #expect(ControlsAutoHide(delay: -1, scheduler: scheduler).delay == 0)
        #expect(ControlsAutoHide(delay: .nan, scheduler: scheduler).delay == 0)
    }
}
