import CascadeScreens
import CascadeTestSupport
import Testing

@MainActor
@Suite struct HoverPreviewControllerTests {
    enum Call: Equatable {
        case start(Int)
        case stop(Int, PreviewStopReason)
    }

    final class Spy {
        var calls: [Call] = []
        var states: [String] = []
    }

    func make(enabled: Bool = true) -> (HoverPreviewController, ManualScheduler, Spy) {
        let scheduler = ManualScheduler()
        let controller = HoverPreviewController(scheduler: scheduler, isEnabled: enabled)
        let spy = Spy()
        controller.onStart = { spy.calls.append(.start($0)) }
        controller.onStop = { spy.calls.append(.stop($0, $1)) }
        controller.onChange = { spy.states.append($0.name) }
        return (controller, scheduler, spy)
    }

    @Test func pointerRestingHalfASecondStartsThePreviewOfThatCell() {
        let (previews, clock, spy) = make()
        previews.pointerMoved(overItem: 3)
        #expect(previews.state == .pending(item: 3, trigger: .pointer))
        clock.advance(by: 0.499)
        #expect(spy.calls.isEmpty)
        clock.advance(by: 0.001)
        #expect(spy.calls == [.start(3)])
        #expect(previews.state == .loading(item: 3))
        previews.firstFrameShown(item: 3)
        #expect(previews.state == .playing(item: 3))
        #expect(spy.states == ["pending", "loading", "playing"])
        #expect(previews.startedCount == 1)
    }

    @Test func motionOverTheCellRestartsTheRest() {
        let (previews, clock, spy) = make()
        previews.pointerMoved(overItem: 1)
        clock.advance(by: 0.4)
        previews.pointerMoved(overItem: 1)
        clock.advance(by: 0.4)
        #expect(spy.calls.isEmpty)
        clock.advance(by: 0.1)
        #expect(spy.calls == [.start(1)])
        // Motion over the playing cell changes nothing.
        previews.pointerMoved(overItem: 1)
        clock.advance(by: 2)
        #expect(spy.calls == [.start(1)])
        #expect(previews.state == .loading(item: 1))
    }

    @Test func keyboardFocusStartsAfterOneSecond() {
        let (previews, clock, spy) = make()
        previews.focusEntered(item: 4)
        clock.advance(by: 0.9)
        #expect(spy.calls.isEmpty)
        clock.advance(by: 0.1)
        #expect(spy.calls == [.start(4)])
        previews.focusLeft(item: 4)
        #expect(spy.calls == [.start(4), .stop(4, .focusChanged)])
        #expect(previews.state == .idle)
    }

    @Test func movingToAnotherCellStopsTheFirstBeforeTheSecondStarts() {
        let (previews, clock, spy) = make()
        previews.pointerMoved(overItem: 0)
        clock.advance(by: 0.5)
        previews.firstFrameShown(item: 0)
        previews.pointerMoved(overItem: 1)
        #expect(spy.calls == [.start(0), .stop(0, .pointerLeft)])
        #expect(previews.state == .pending(item: 1, trigger: .pointer))
        clock.advance(by: 0.5)
        #expect(spy.calls == [.start(0), .stop(0, .pointerLeft), .start(1)])
        // Focus on a third cell: the pointer's preview stops at once, the focus one follows.
        previews.focusEntered(item: 2)
        #expect(spy.calls.last == .stop(1, .focusChanged))
        clock.advance(by: 1)
        #expect(spy.calls.last == .start(2))
        #expect(spy.calls.filter { if case .start = $0 { true } else { false } }.count == 3)
    }

    @Test(arguments: [
        PreviewStopReason.scrolled, .pointerLeft, .focusChanged, .playerOpened, .windowInactive, .disabled,
        .itemsChanged, .cellHidden,
    ])
    func everyStopReleasesThePreviewAtOnce(reason: PreviewStopReason) {
        let (previews, clock, spy) = make()
        previews.pointerMoved(overItem: 5)
        clock.advance(by: 0.5)
        previews.firstFrameShown(item: 5)
        switch reason {
        case .scrolled: previews.scrolled()
        case .pointerLeft: previews.pointerLeft(item: 5)
        case .focusChanged: previews.focusEntered(item: 6)
        case .playerOpened: previews.playerOpened()
        case .windowInactive: previews.windowActiveChanged(false)
        case .disabled: previews.isEnabled = false
        case .itemsChanged: previews.itemsChanged()
        case .cellHidden: previews.cellHidden(item: 5)
        case .failed: previews.failed(item: 5, message: "x")
        }
        #expect(spy.calls == [.start(5), .stop(5, reason)])
        #expect(previews.lastStopReason == reason)
        #expect(!previews.state.isLive)
    }

    @Test func aStopBeforeTheRestEndsCancelsThePendingPreview() {
        let (previews, clock, spy) = make()
        previews.pointerMoved(overItem: 2)
        clock.advance(by: 0.3)
        previews.scrolled()
        clock.advance(by: 5)
        #expect(spy.calls.isEmpty)
        #expect(previews.state == .idle)
        #expect(clock.pendingCount == 0)
        previews.pointerMoved(overItem: 2)
        previews.pointerLeft(item: 2)
        clock.advance(by: 5)
        #expect(spy.calls.isEmpty)
    }

    @Test func leavingAnotherCellOrHidingAnotherCellChangesNothing() {
        let (previews, clock, spy) = make()
        previews.pointerMoved(overItem: 2)
        clock.advance(by: 0.5)
        previews.pointerLeft(item: 7)
        previews.focusLeft(item: 7)
        previews.cellHidden(item: 7)
        previews.firstFrameShown(item: 7)
        #expect(spy.calls == [.start(2)])
        #expect(previews.state == .loading(item: 2))
    }

    @Test func disabledNeverStartsAndReEnablingNeedsANewRest() {
        let (previews, clock, spy) = make(enabled: false)
        previews.pointerMoved(overItem: 0)
        previews.focusEntered(item: 1)
        clock.advance(by: 3)
        #expect(spy.calls.isEmpty)
        #expect(previews.state == .idle)
        previews.isEnabled = true
        clock.advance(by: 3)
        #expect(spy.calls.isEmpty)
        previews.pointerMoved(overItem: 0)
        clock.advance(by: 0.5)
        #expect(spy.calls == [.start(0)])
    }

    @Test func turningOffWhilePendingCancelsIt() {
        let (previews, clock, spy) = make()
        previews.pointerMoved(overItem: 0)
        previews.isEnabled = false
        clock.advance(by: 1)
        #expect(spy.calls.isEmpty)
        #expect(previews.state == .idle)
    }

    @Test func aFailedPreviewReleasesItsPipelineAndDoesNotRetryWhileHovered() {
        let (previews, clock, spy) = make()
        previews.pointerMoved(overItem: 1)
        clock.advance(by: 0.5)
        previews.failed(item: 1, message: "This isn't a video.")
        #expect(spy.calls == [.start(1), .stop(1, .failed)])
        #expect(previews.state == .failed(item: 1, message: "This isn't a video."))
        previews.pointerMoved(overItem: 1)
        clock.advance(by: 2)
        #expect(spy.calls.count == 2)
        // Leaving and coming back tries again.
        previews.pointerLeft(item: 1)
        #expect(previews.state == .idle)
        previews.pointerMoved(overItem: 1)
        clock.advance(by: 0.5)
        #expect(spy.calls.last == .start(1))
    }

    @Test func anInactiveWindowStopsPreviewsAndBlocksFocusOnesButNotThePointer() {
        let (previews, clock, spy) = make()
        previews.windowActiveChanged(false)
        previews.focusEntered(item: 0)
        clock.advance(by: 2)
        #expect(spy.calls.isEmpty)
        previews.pointerMoved(overItem: 1)
        clock.advance(by: 0.5)
        #expect(spy.calls == [.start(1)])
        previews.windowActiveChanged(true)
        #expect(previews.state == .loading(item: 1))
    }

    @Test func aHundredPreviewsInARowKeepAtMostOneLive() {
        let (previews, clock, spy) = make()
        var live = Set<Int>()
        previews.onStart = { item in
            live.insert(item)
            spy.calls.append(.start(item))
        }
        previews.onStop = { item, _ in live.remove(item) }
        for round in 0..<100 {
            previews.pointerMoved(overItem: round % 7)
            clock.advance(by: 0.5)
            previews.firstFrameShown(item: round % 7)
            #expect(live == [round % 7])
            if round % 3 == 0 { previews.scrolled() }
            #expect(live.count <= 1)
        }
        #expect(previews.startedCount == 100)
    }
}
