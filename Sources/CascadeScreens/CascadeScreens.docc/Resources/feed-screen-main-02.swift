import CascadeCollection
import CascadeFeed
import CascadeLayout
import CascadeScreens
import Foundation

// A feed screen over a fake host: 45 videos in pages of 10, two columns on a 375 × 667 screen.
let loader = InMemoryFeedLoader(items: InMemoryFeedLoader.videos(0..<45))
let model = FeedScreenModel(pager: FeedPager(loader: loader, pageSize: 10), configuration: .init(columns: .fixed(2)))
let host = RecordingHost(model: model, viewportSize: CGSize(width: 375, height: 667))
var check = ExampleCheck()

@MainActor func show(_ step: String) {
    let ids = host.visibleItems.map(\.videoID).joined(separator: " ")
    print("\(step): \(model.items.count) items, offset \(String(format: "%.0f", model.scrollOffset)), visible \(ids)")
    print("  footer: \(model.footerText.isEmpty ? "(empty)" : model.footerText)")
}

// 1. Load: the first page replaces the empty list; ten two-column items fill less than two
//    screens, so the footer loads the second page at once.
model.start()
check.expect(await ExampleCheck.wait { model.items.count == 20 && !model.feedState.isLoading }, "load: no 2 pages")
model.refreshClosingFinished()
show("load")
check.cellsMatchLayout(host, model: model, step: "load")
check.expect(host.visibleItems.first?.videoID == "video-0", "load: video-0 is not first")

// 2. Scroll a screen down: cells of items that left are dropped, new ones appear.
host.scroll(to: 667)
show("scroll")
check.cellsMatchLayout(host, model: model, step: "scroll")
check.expect(host.visibleItems.allSatisfy { $0.frame.maxY > 667 }, "scroll: an item above the screen is drawn")

// 3. Load more: scrolling to the end loads pages until the loader says it sent the last one.
for _ in 0..<10 where model.feedState != .exhausted {
    host.scroll(to: .infinity)
    _ = await ExampleCheck.wait { !model.feedState.isLoading }
}
show("load more")
check.cellsMatchLayout(host, model: model, step: "load more")
check.expect(model.items.count == 45, "load more: \(model.items.count) items, not 45")
check.expect(model.footerText == "No more videos", "load more: footer says \(model.footerText)")

if check.failures.isEmpty {
    print("ok")
} else {
    for failure in check.failures { print("FAIL: \(failure)") }
    exit(1)
}
