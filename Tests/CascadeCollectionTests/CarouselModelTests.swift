import CascadeCollection
import CascadeTestSupport
import Testing

@MainActor
@Suite struct CarouselModelTests {
    @Test func zeroPagesShowNothing() {
        let scheduler = ManualScheduler()
        let carousel = CarouselModel(pageCount: 0, scheduler: scheduler)
        #expect(carousel.currentPage == nil)
        #expect(carousel.cells.isEmpty)
        #expect(carousel.advance().isEmpty)
        #expect(carousel.scroll(toPage: 3).page == nil)
        carousel.beginDrag()
        carousel.drag(by: 0.7)
        #expect(carousel.endDrag(velocity: 5).page == nil)
        #expect(scheduler.pendingCount == 0)
    }

    @Test func onePageNeitherLoopsNorAutoAdvances() {
        let scheduler = ManualScheduler()
        let carousel = CarouselModel(pageCount: 1, scheduler: scheduler)
        #expect(carousel.cells == [CarouselCell(slot: 0, page: 0, offset: 0)])
        #expect(carousel.advance().isEmpty)
        carousel.beginDrag()
        carousel.drag(by: -0.8)
        #expect(carousel.position == 0)
        #expect(carousel.endDrag(velocity: -3) == CarouselTransition(from: 0, to: 0, page: 0))
        #expect(scheduler.pendingCount == 0)
        scheduler.advance(by: 30)
        #expect(carousel.currentPage == 0)
    }

    @Test func twoPagesLoopBothWays() {
        let carousel = CarouselModel(pageCount: 2)
        #expect(carousel.cells.map(\.page) == [1, 0, 1])
        #expect(carousel.advance() == CarouselTransition(from: 0, to: 1, page: 1))
        #expect(carousel.advance() == CarouselTransition(from: 1, to: 2, page: 0))
        #expect(carousel.advance(by: -1) == CarouselTransition(from: 0, to: -1, page: 1))
        carousel.beginDrag()
        carousel.drag(by: 0.6)
        #expect(carousel.cells.map(\.page) == [1, 0, 1])  // centred on page 2 ≡ 0
        #expect(carousel.endDrag() == CarouselTransition(from: 1.6, to: 2, page: 0))
    }

    @Test func dragSnapsByVelocityAndIsLimitedToOnePage() {
        let carousel = CarouselModel(pageCount: 5)
        carousel.beginDrag()
        carousel.drag(by: -0.3)
        #expect(carousel.currentPage == 0)
        #expect(carousel.cells.map(\.page) == [4, 0, 1])
        let flick = carousel.endDrag(velocity: -2)
        #expect(flick.page == 4)
        #expect(flick.to == -1)
        carousel.beginDrag()
        carousel.drag(by: 3.5)
        #expect(carousel.endDrag(velocity: 0).page == 0)  // at most one page: 4 → 5 ≡ 0
    }

    @Test(arguments: [2, 3, 5, 7])
    func noIndexDriftOverRandomSequences(pageCount: Int) {
        var random = SeededGenerator(seed: UInt64(pageCount))
        let carousel = CarouselModel(pageCount: pageCount)
        var expected = 0
        for _ in 0..<5_000 {
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                let steps = Int.random(in: -3...3, using: &random)
                carousel.advance(by: steps)
                expected += steps
            case 1:
                let target = Int.random(in: -10...10, using: &random)
                carousel.scroll(toPage: target)
                expected = target
            default:
                carousel.beginDrag()
                var moved = 0.0
                for _ in 0..<Int.random(in: 1...8, using: &random) {
                    let delta = Double.random(in: -0.37...0.37, using: &random)
                    carousel.drag(by: delta)
                    moved = min(1, max(-1, moved + delta))
                }
                let velocity = Double.random(in: -2...2, using: &random)
                carousel.endDrag(velocity: velocity)
                // A flick goes on to the page boundary ahead of it, a slow release to the nearest.
                var step = moved.rounded()
                if velocity > 0.5 { step = moved.rounded(.up) }
                if velocity < -0.5 { step = moved.rounded(.down) }
                expected += Int(min(1, max(-1, step)))
            }
            let wrapped = ((expected % pageCount) + pageCount) % pageCount
            #expect(carousel.currentPage == wrapped)
            #expect(carousel.position == Double(wrapped))
            expected = wrapped
        }
    }

    @Test func jumpingTakesTheNearestCopy() {
        let carousel = CarouselModel(pageCount: 5)
        carousel.advance(by: 4)
        #expect(carousel.scroll(toPage: 0) == CarouselTransition(from: 4, to: 5, page: 0))
        #expect(carousel.scroll(toPage: 3) == CarouselTransition(from: 0, to: -2, page: 3))
        #expect(carousel.scroll(toPage: 1) == CarouselTransition(from: 3, to: 1, page: 1))
    }

    @Test func pageCountChangesKeepAValidPage() {
        let scheduler = ManualScheduler()
        let carousel = CarouselModel(pageCount: 6, scheduler: scheduler)
        carousel.advance(by: 5)
        carousel.setPageCount(3)
        #expect(carousel.currentPage == 2)
        carousel.setPageCount(1)
        #expect(carousel.currentPage == 0)
        #expect(scheduler.pendingCount == 0)
        carousel.setPageCount(0)
        #expect(carousel.currentPage == nil)
        carousel.setPageCount(4)
        #expect(carousel.currentPage == 0)
        #expect(scheduler.pendingCount == 1)
        carousel.beginDrag()
        carousel.drag(by: 0.9)
        carousel.setPageCount(2)  // data reloaded mid-drag
        #expect(carousel.currentPage == 1 || carousel.currentPage == 0)
        #expect(!carousel.isDragging)
    }

    @Test func autoAdvancePausesWhileDraggingAndWhileHidden() {
        let scheduler = ManualScheduler()
        let carousel = CarouselModel(pageCount: 3, autoAdvanceInterval: 2, scheduler: scheduler)
        var transitions: [CarouselTransition] = []
        carousel.onAutoAdvance = { transitions.append($0) }
        scheduler.advance(by: 4.5)
        #expect(carousel.currentPage == 2)
        carousel.beginDrag()
        #expect(!carousel.isAutoAdvancing)
        scheduler.advance(by: 10)
        #expect(carousel.currentPage == 2)
        carousel.endDrag()
        #expect(carousel.isAutoAdvancing)
        scheduler.advance(by: 2)
        #expect(carousel.currentPage == 0)
        carousel.setVisible(false)
        scheduler.advance(by: 10)
        #expect(carousel.currentPage == 0)
        carousel.setVisible(true)
        scheduler.advance(by: 2)
        #expect(carousel.currentPage == 1)
        #expect(transitions.map(\.page) == [1, 2, 0, 1])
        #expect(transitions[2] == CarouselTransition(from: 2, to: 3, page: 0))
    }

    @Test func theTimerNeverKeepsTheCarouselAlive() {
        let scheduler = ManualScheduler()
        weak var weakCarousel: CarouselModel?
        do {
            let carousel = CarouselModel(pageCount: 4, autoAdvanceInterval: 1, scheduler: scheduler)
            weakCarousel = carousel
            scheduler.advance(by: 1)
            #expect(carousel.currentPage == 1)
        }
        #expect(weakCarousel == nil)
        #expect(scheduler.pendingCount == 0)
        scheduler.advance(by: 5)  // a late tick must not crash
    }
}
