import CGtk
import CascadeFeed
import CascadeImages
import CascadeScreens
import CascadeTestSupport
import Foundation
import Testing

@testable import CascadeGTK

/// The channel pager's gestures against its tab clicks, on a real window.
@MainActor @Suite(.serialized, .needsDisplay) struct ChannelPagerViewTests {
    init() throws {
        try #require(PlayerEngineFixture.setUpGTK(), "gtk_init_check failed")
    }

    /// A tab clicked while a touchpad swipe's end is still pending wins: the swipe's end timer
    /// is dropped, so it cannot snap again from wherever the tab's slide is, with the swipe's
    /// velocity (here the slide lands on the tab anyway; the dropped timer is what is checked).
    @Test(arguments: [30.0, -30.0, 200.0])
    func aTabClickedRightAfterASwipeIsWhereThePagesSettle(swipe dx: Double) {
        let channels = (0..<4).map { Channel(id: "c\($0)", title: "Channel \($0)") }
        let model = ChannelPagerModel(channels: channels) { _ in
            FeedScreenModel(pager: FeedPager(loader: ScriptedFeedLoader(items: FeedFixtures.items(0..<4))))
        }
        let pipeline = ImagePipeline(decoder: FakeImageDecoder(), fetcher: FakeDataFetcher(), memoryCache: nil)
        let view = ChannelPagerView(model: model, pipeline: pipeline)
        let window = gtk_window_new()!.as(GtkWindow.self)
        gtk_window_set_default_size(window, 640, 480)
        gtk_window_set_child(window, view.root)
        gtk_window_present(window)
        defer { gtk_window_destroy(window) }
        view.start()
        #expect(AccessibleChecks.pump { view.pageWidth > 0 }, "the pager got no size")

        view.swipeDelta(dx)
        #expect(view.swipeEndTimer != nil)
        view.selectTab(2)
        #expect(view.swipeEndTimer == nil, "the swipe's pending end is dropped")
        #expect(AccessibleChecks.pump { !view.isMoving })
        #expect(model.selectedIndex == 2)
        #expect(abs(model.position - 2) < 0.001, "position \(model.position)")
    }
}
