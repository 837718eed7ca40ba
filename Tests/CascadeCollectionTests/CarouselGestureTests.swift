import CascadeCollection
import Testing

@MainActor
@Suite struct CarouselGestureTests {
    @Test func aPressThatHardlyMovedOpensThePage() {
        let carousel = CarouselModel(pageCount: 3)
        carousel.beginPointerDrag(at: 0)
        carousel.pointerDragged(toPages: 0.005, at: 0.05)
        #expect(carousel.endPointerDrag(dx: 2, dy: 1, cancelled: false) == .tap(page: 0))
        #expect(carousel.position == 0)
        #expect(!carousel.isDragging)
    }

    @Test func aFlickGoesOnToTheNextPage() {
        let carousel = CarouselModel(pageCount: 3)
        carousel.beginPointerDrag(at: 0)
        carousel.pointerDragged(toPages: 0.1, at: 0.02)
        carousel.pointerDragged(toPages: 0.2, at: 0.04)
        #expect(abs(carousel.livePosition - 0.2) < 1e-9)
        #expect(carousel.endPointerDrag(dx: -80, dy: 0, cancelled: false) == .snap(.init(from: 0.2, to: 1, page: 1)))
    }

    @Test func aCancelledDragSnapsToTheNearestPageWhateverItsSpeed() {
        let carousel = CarouselModel(pageCount: 3)
        carousel.beginPointerDrag(at: 0)
        carousel.pointerDragged(toPages: 0.2, at: 0.02)
        #expect(carousel.endPointerDrag(dx: -80, dy: 0, cancelled: true) == .snap(.init(from: 0.2, to: 0, page: 0)))
    }

    @Test func aSwipeFollowsItsDeltasAndSnapsWithItsSpeed() {
        let carousel = CarouselModel(pageCount: 4)
        #expect(carousel.endSwipe() == nil)
        carousel.swipe(byPages: -0.1, at: 0)
        carousel.swipe(byPages: -0.1, at: 0.02)
        #expect(carousel.isSwiping)
        #expect(abs(carousel.livePosition + 0.2) < 1e-9)
        let transition = carousel.endSwipe()
        #expect(transition?.page == 3)
        #expect(transition?.to == -1)
        #expect(!carousel.isSwiping)
    }

    @Test func aCancelledSwipeStaysWhereTheModelIs() {
        let carousel = CarouselModel(pageCount: 4)
        carousel.swipe(byPages: 0.3, at: 0)
        carousel.cancelSwipe()
        #expect(!carousel.isSwiping && !carousel.isDragging)
        #expect(carousel.currentPage == 0)
        let single = CarouselModel(pageCount: 1)
        single.swipe(byPages: 0.5, at: 0)
        #expect(!single.isSwiping)
    }
}
