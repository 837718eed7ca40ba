import CascadeCollection
import CascadeTestSupport
import Foundation
import Testing

@Suite struct TabPagerModelTests {
    typealias Pager = TabPagerModel<String>
    typealias Call = Pager.Event

    /// Records the pager's events in order.
    final class Spy {
        var calls: [Call] = []
        func take() -> [Call] {
            defer { calls = [] }
            return calls
        }
    }

    private func makePager(_ channels: [String] = ["a", "b", "c", "d", "e"], cache: Int = 3) -> (Pager, Spy) {
        let spy = Spy()
        let pager = Pager(channels: channels, pageCacheSize: cache) { spy.calls.append($0) }
        return (pager, spy)
    }

    @Test func startBuildsTheFirstPageAndPreparesItsNeighbour() {
        let (pager, spy) = makePager()
        #expect(spy.calls.isEmpty)
        pager.start()
        #expect(spy.take() == [.build("a"), .load("a"), .willAppear("a"), .didAppear("a"), .build("b"), .load("b")])
        #expect(pager.state == .idle(selected: 0))
    }

    @Test func aCompletedSwipeRunsTheLifecycleInOrder() {
        let (pager, spy) = makePager()
        pager.start()
        _ = spy.take()
        pager.scrolled(to: 0.2)
        #expect(spy.take() == [.willDisappear("a"), .willAppear("b")])
        #expect(pager.state == .scrolling(from: 0, to: 1, progress: 0.2))
        pager.scrolled(to: 0.7)
        #expect(spy.take().isEmpty)
        #expect(pager.visuallySelectedIndex == 1)
        pager.settled(at: 1)
        // b was prepared before it appeared; now c is prepared.
        #expect(spy.take() == [.didDisappear("a"), .didAppear("b"), .build("c"), .load("c")])
        #expect(pager.state == .idle(selected: 1))
    }

    @Test func aSwipeAbandonedHalfWayIsReversed() {
        let (pager, spy) = makePager()
        pager.start()
        pager.settled(at: 1)
        _ = spy.take()
        pager.scrolled(to: 1.5)
        #expect(pager.visuallySelectedIndex == 2)
        pager.scrolled(to: 1.3)
        #expect(pager.visuallySelectedIndex == 1)
        pager.settled(at: 1)
        #expect(
            spy.take() == [
                .willDisappear("b"), .willAppear("c"),
                .willDisappear("c"), .willAppear("b"), .didDisappear("c"), .didAppear("b"),
            ])
        #expect(pager.state == .idle(selected: 1))
    }

    @Test func reversingThroughTheOriginSwitchesTheTarget() {
        let (pager, spy) = makePager()
        pager.start()
        pager.settled(at: 1)
        _ = spy.take()
        pager.scrolled(to: 1.2)
        pager.scrolled(to: 0.6)
        #expect(pager.state == .scrolling(from: 1, to: 0, progress: 0.4))
        #expect(
            spy.take() == [
                .willDisappear("b"), .willAppear("c"),
                .willDisappear("c"), .willAppear("b"), .didDisappear("c"), .didAppear("b"),
                .willDisappear("b"), .willAppear("a"),
            ])
        pager.scrolled(to: 0)
        #expect(spy.take() == [.didDisappear("b"), .didAppear("a")])
    }

    @Test func dataLoadsOncePerChannelAndTheLRUDiscardsOldPages() {
        let (pager, spy) = makePager(cache: 2)
        pager.start()
        for page in [1, 2, 3, 4, 3, 2, 1, 0, 4] { pager.select(page) }
        let calls = spy.take()
        let loads = calls.compactMap { if case let .load(channel) = $0 { channel } else { nil } }
        #expect(loads.sorted() == ["a", "b", "c", "d", "e"])
        #expect(pager.builtPages.count <= 2)
        #expect(pager.builtPages.contains("e"))
        #expect(calls.contains(.discard("a")))
        // Every page is built before it appears, and is built when it appears.
        var built = Set<String>()
        for call in calls {
            switch call {
            case let .build(channel): built.insert(channel)
            case let .discard(channel): built.remove(channel)
            case let .willAppear(channel): #expect(built.contains(channel))
            default: break
            }
        }
    }

    @Test func tappingAFarTabJumpsAndCentresIt() {
        let (pager, spy) = makePager()
        pager.start()
        _ = spy.take()
        pager.select(4)
        #expect(
            spy.take() == [
                .build("e"), .load("e"), .willDisappear("a"), .willAppear("e"), .didDisappear("a"), .didAppear("e"),
                .build("d"), .load("d"), .discard("b"),
            ])
        let tabs = (0..<5).map { CGRect(x: CGFloat($0) * 100, y: 0, width: 80, height: 30) }
        #expect(pager.indicatorFrame(tabFrames: tabs) == tabs[4])
        // The last tab centres past the end: clamped to the content (480 − 200).
        #expect(pager.stripOffset(tabFrames: tabs, stripWidth: 200) == 280)
        pager.select(0)
        #expect(pager.stripOffset(tabFrames: tabs, stripWidth: 200) == 0)
        pager.select(2)
        #expect(pager.stripOffset(tabFrames: tabs, stripWidth: 200) == 140)
    }

    @Test func aJumpKeepsTheDestinationsNeighboursNotTheOrigins() {
        // Featured (a) → Travel (b) → Nature (c) → Featured: b is a's neighbour, so the jump
        // back must not discard b only to build it again at once.
        let (pager, spy) = makePager()
        pager.start()
        pager.select(1)
        pager.select(2)
        _ = spy.take()
        pager.select(0)
        #expect(
            spy.take() == [
                .build("a"), .discard("d"), .willDisappear("c"), .willAppear("a"), .didDisappear("c"), .didAppear("a"),
            ])
        #expect(Set(pager.builtPages) == ["a", "b", "c"])
    }

    @Test func indicatorInterpolatesBetweenTabs() {
        let (pager, _) = makePager()
        pager.start()
        let tabs = [CGRect(x: 0, y: 40, width: 60, height: 2), CGRect(x: 80, y: 40, width: 100, height: 2)]
        pager.scrolled(to: 0.25)
        #expect(pager.indicatorFrame(tabFrames: tabs) == CGRect(x: 20, y: 40, width: 70, height: 2))
        #expect(pager.indicatorFrame(tabFrames: []) == nil)
        let offset = pager.stripOffset(tabFrames: tabs, stripWidth: 100)
        #expect(offset >= 0 && offset <= 80)
    }

    @Test func reloadWithFewerChannelsKeepsAValidSelection() {
        let (pager, spy) = makePager()
        pager.start()
        pager.select(4)
        pager.scrolled(to: 3.4)
        _ = spy.take()
        pager.reload(channels: ["a", "b"])
        #expect(pager.state == .idle(selected: 1))
        let calls = spy.take()
        #expect(calls.starts(with: [.willDisappear("d"), .willAppear("e"), .didDisappear("d"), .didAppear("e")]))
        #expect(calls.contains(.willDisappear("e")) && calls.contains(.didAppear("b")))
        #expect(!calls.contains(.load("b")))  // b's data stays cached
        #expect(pager.loadedChannels == ["a", "b"])
        pager.reload(channels: [])
        #expect(pager.channels.isEmpty)
        pager.scrolled(to: 2)
        pager.select(3)
        pager.settled(at: 1)
        #expect(pager.indicatorFrame(tabFrames: []) == nil)
        pager.reload(channels: ["x", "x", "y"])
        #expect(pager.channels == ["x", "y"])
        #expect(spy.take().suffix(4) == [.willAppear("x"), .didAppear("x"), .build("y"), .load("y")])
    }

    @Test func selectingWhileScrollingResolvesTheMoveFirst() {
        let (pager, spy) = makePager()
        pager.start()
        _ = spy.take()
        pager.scrolled(to: 0.4)
        pager.select(2)
        #expect(
            spy.take() == [
                .willDisappear("a"), .willAppear("b"),
                .willDisappear("b"), .willAppear("a"), .didDisappear("b"), .didAppear("a"),
                .build("c"), .load("c"), .willDisappear("a"), .willAppear("c"), .didDisappear("a"), .didAppear("c"),
                .build("d"), .load("d"), .discard("a"),
            ])
    }
}
