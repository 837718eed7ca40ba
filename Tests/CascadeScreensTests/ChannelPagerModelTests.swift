import CascadeFeed
import CascadeScreens
import CascadeTestSupport
import Foundation
import Testing

@MainActor
@Suite struct ChannelPagerModelTests {
    final class Recorder {
        var built: [Int] = []
        var discarded: [Int] = []
        var visibility: [String] = []
        var loaders: [String: ScriptedFeedLoader] = [:]
    }

    func makePager(channels count: Int, cache: Int = 3) -> (ChannelPagerModel, Recorder) {
        let recorder = Recorder()
        let channels = (0..<count).map { Channel(id: "c\($0)", title: "Channel \($0)") }
        let model = ChannelPagerModel(channels: channels, pageCacheSize: cache) { channel in
            let loader = ScriptedFeedLoader(items: FeedFixtures.items(0..<25, prefix: channel.id))
            recorder.loaders[channel.id] = loader
            return FeedScreenModel(pager: FeedPager(loader: loader))
        }
        model.onBuild = { index, _ in recorder.built.append(index) }
        model.onDiscard = { recorder.discarded.append($0) }
        model.onVisibilityChanged = { recorder.visibility.append("\($1 ? "+" : "-")\($0)") }
        return (model, recorder)
    }

    @Test func aSwipeFollowsItsDeltasAndSnapsByItsSpeed() {
        let (model, _) = makePager(channels: 5)
        model.start()
        model.swipe(byPages: 0.1, at: 0)
        model.swipe(byPages: 0.1, at: 0.05)
        #expect(abs(model.position - 0.2) < 1e-9)
        #expect(model.endSwipe() == 1)  // 2 pages per second: a flick
        model.settled(at: 1)
        model.swipe(byPages: 0.2, at: 1)
        model.swipe(byPages: 0, at: 2)  // resting long before the end: no speed
        #expect(model.endSwipe() == 1)
        model.swipe(byPages: -5, at: 3)
        #expect(model.position == 0)  // clamped to the pages
        model.cancelSwipe()
        #expect(model.endSwipe() == 0)
    }

    @Test func startingPreparesTheFirstPageAndItsNeighbour() {
        let (model, recorder) = makePager(channels: 5)
        model.start()
        #expect(recorder.built == [0, 1])
        #expect(recorder.visibility == ["+0"])
        #expect(model.feed(at: 0)?.pager.isPrepared == true)
        #expect(model.feed(at: 1)?.pager.isPrepared == true)  // prefetched before it appears
        #expect(model.feed(at: 2) == nil)
    }

    @Test func swipingThroughAllChannelsTwiceRequestsEachFirstPageOnce() async {
        let (model, recorder) = makePager(channels: 5)
        model.start()
        for _ in 0..<2 {
            for page in 0..<5 {
                for step in 1...4 { model.swiped(to: Double(page) + Double(step) / 4) }
                model.settled(at: page + 1)
            }
            for page in stride(from: 4, through: 0, by: -1) {
                model.swiped(to: Double(page) + 0.5)
                model.settled(at: page)
            }
        }
        // Every channel's pager settles with its first page: no load is in flight, so every
        // request that will ever be made has been made.
        #expect(
            await waitUntil {
                (0..<5).allSatisfy { model.feed(at: $0)?.items.count == 10 && model.feed(at: $0)?.feedState == .idle }
            })
        for index in 0..<5 {
            let calls = await recorder.loaders["c\(index)"]!.calls
            #expect(calls.filter { $0 == .page(number: 0, size: 10) }.count == 1, "channel \(index): \(calls)")
        }
        #expect(model.selectedIndex == 0)
        #expect(model.builtPages.count <= 3)
        #expect(!recorder.discarded.isEmpty)  // the LRU dropped views; their data stayed
        #expect(model.feed(at: 4)?.items.count == 10)
    }

    @Test func theSelectedTabFlipsHalfWayAndAnAbandonedSwipeReturns() {
        let (model, recorder) = makePager(channels: 3)
        model.start()
        model.swiped(to: 0.4)
        #expect(model.visuallySelectedIndex == 0)
        model.swiped(to: 0.6)
        #expect(model.visuallySelectedIndex == 1)
        model.swiped(to: 0.2)
        model.settled(at: 0)
        #expect(model.selectedIndex == 0)
        // The reversed move: page 1 (which had begun to appear) disappears, page 0 appears again.
        #expect(recorder.visibility == ["+0", "-1", "+0"])
    }

    @Test func snapTargetsFollowFlicksOrTheNearestPage() {
        let (model, _) = makePager(channels: 4)
        model.start()
        model.swiped(to: 1.3)
        #expect(model.snapTarget(velocity: 0) == 1)
        #expect(model.snapTarget(velocity: 2) == 2)
        #expect(model.snapTarget(velocity: -2) == 1)
        model.swiped(to: 1.7)
        #expect(model.snapTarget(velocity: 0) == 2)
        model.swiped(to: 9)
        #expect(model.position == 3)
        #expect(model.snapTarget(velocity: 5) == 3)
    }

    @Test func tabsCentreTheSelectionAndTheIndicatorFollows() {
        let (model, _) = makePager(channels: 6)
        model.start()
        let tabs = (0..<6).map { CGRect(x: CGFloat($0) * 100, y: 0, width: 90, height: 40) }
        model.selectTab(4)
        #expect(model.selectedIndex == 4)
        #expect(model.indicatorFrame(tabFrames: tabs) == tabs[4])
        #expect(model.stripOffset(tabFrames: tabs, stripWidth: 300) == 290)  // 445 - 150, clamped to 590 - 300
        model.settled(at: 4)
        model.swiped(to: 4.5)
        #expect(model.indicatorFrame(tabFrames: tabs)?.minX == 450)
    }

    @Test func noChannelsIsHarmless() {
        let (model, recorder) = makePager(channels: 0)
        model.start()
        model.swiped(to: 1)
        model.settled(at: 2)
        model.selectTab(0)
        #expect(recorder.built.isEmpty)
        #expect(model.snapTarget(velocity: 1) == 0)
    }

    @Test func tabsSitSideBySideBetweenTheInsets() {
        let strip = ChannelPagerModel.tabStrip(widths: [60, 80.5, 40], height: 36)
        #expect(
            strip.frames == [
                CGRect(x: 8, y: 0, width: 60, height: 36), CGRect(x: 72, y: 0, width: 80.5, height: 36),
                CGRect(x: 156.5, y: 0, width: 40, height: 36),
            ])
        #expect(strip.contentWidth == 204.5)
        let empty = ChannelPagerModel.tabStrip(widths: [], height: 36)
        #expect(empty.frames.isEmpty && empty.contentWidth == 16)
        // A hostile width is clamped rather than breaking the strip.
        #expect(ChannelPagerModel.tabStrip(widths: [.nan, 10], height: 36).frames.allSatisfy { $0.minX.isFinite })
    }
}
