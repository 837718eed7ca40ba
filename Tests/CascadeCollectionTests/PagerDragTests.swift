import CascadeCollection
import CascadeTestSupport
import Foundation
import Testing

@Suite struct PagerDragTests {
    /// (drag distance in points, release velocity in points/s, expected page) for a drag that
    /// starts on page 2 of 0...4 with 1000-pt pages. Negative distances reveal the next page.
    static let golden: [(Double, Double, Int)] = [
        (0, 0, 2), (-3, 0, 2), (-300, 0, 2), (300, 0, 2),  // short and slow: back to the start
        (-499, 0, 2), (-500, 0, 3), (-700, 0, 3), (700, 0, 1),  // slow past half a page: the neighbour
        (-300, -2000, 3), (300, 2000, 1),  // short but fast: a flick to the neighbour
        (-100, -600, 3), (-100, -400, 2),  // the flick threshold is 0.5 pages/s (500 pt/s here)
        (-700, 2000, 2), (700, -2000, 2),  // a flick back against the drag returns to the start
        (-1800, -5000, 3), (1800, 5000, 1), (-3000, 0, 3),  // never more than one page away
        (-300, .nan, 2), (.nan, -2000, 2), (-300, .infinity, 2),  // non-finite: a still release, at the start
    ]

    @Test func goldenTable() {
        for (distance, velocity, expected) in Self.golden {
            #expect(
                PagerDrag.target(startPage: 2, distance: distance, velocity: velocity, pageWidth: 1000, pages: 0...4)
                    == expected, "distance \(distance), velocity \(velocity)")
        }
    }

    @Test func theEndsStayTheEnds() {
        #expect(PagerDrag.target(startPage: 0, distance: 600, velocity: 3000, pageWidth: 800, pages: 0...4) == 0)
        #expect(PagerDrag.target(startPage: 4, distance: -600, velocity: -3000, pageWidth: 800, pages: 0...4) == 4)
        #expect(PagerDrag.target(startPage: 0, distance: -600, velocity: 0, pageWidth: 0, pages: 0...4) == 0)
        #expect(PagerDrag.position(startPage: 0, distance: 300, pageWidth: 1000, pages: 0...4) == 0)
        #expect(PagerDrag.position(startPage: 1, distance: -250, pageWidth: 1000, pages: 0...4) == 1.25)
        #expect(PagerDrag.position(startPage: 4, distance: -250, pageWidth: 1000, pages: 0...4) == 4)
    }

    /// Over seeded random drags: the target is within one page of the start and inside the
    /// pages, follows a flick's direction, and is the nearest page for a slow release.
    @Test func propertiesOverSeededDrags() {
        var random = SeededGenerator(seed: 29)
        for _ in 0..<5_000 {
            let count = Int.random(in: 1...6, using: &random)
            let start = Int.random(in: 0..<count, using: &random)
            let width = Double.random(in: 200...1600, using: &random)
            let distance = Double.random(in: -2 * width...2 * width, using: &random)
            let velocity = Double.random(in: -4000...4000, using: &random)
            let target = PagerDrag.target(
                startPage: start, distance: distance, velocity: velocity, pageWidth: width, pages: 0...(count - 1))
            #expect((0..<count).contains(target))
            #expect(abs(target - start) <= 1)
            let pagesPerSecond = -velocity / width
            let position = PagerDrag.position(
                startPage: start, distance: distance, pageWidth: width, pages: 0...(count - 1))
            if pagesPerSecond > PageSnap.velocityThreshold {
                #expect(Double(target) >= min(position.rounded(.down), Double(start)))
            } else if pagesPerSecond < -PageSnap.velocityThreshold {
                #expect(Double(target) <= max(position.rounded(.up), Double(start)))
            } else if abs(position - Double(start)) < 0.5 {
                #expect(target == start)
            }
        }
    }
}

@Suite struct DragPrecedenceTests {
    /// (region, dx, dy, owner) for drags: the dominant axis decides, horizontal over the banner
    /// is the carousel's, and a drag within the slop is undecided.
    static let drags: [(DragPrecedence.Region, Double, Double, DragPrecedence.Owner?)] = [
        (.banner, -30, 4, .carousel), (.banner, 30, -10, .carousel), (.page, -30, 4, .channels),
        (.page, 30, 29, .channels), (.banner, 3, 40, .feed), (.page, 10, -40, .feed), (.page, 20, 20, .feed),
        (.banner, 20, 20, .feed), (.page, 2, 1, nil), (.banner, -3.9, 3.9, nil), (.page, 4, 0, .channels),
        (.page, 0, -4, .feed), (.page, .nan, 40, nil), (.banner, .infinity, 0, nil),
    ]

    @Test func dragOwners() {
        for (region, dx, dy, owner) in Self.drags {
            #expect(DragPrecedence.owner(region: region, dx: dx, dy: dy) == owner, "\(region) \(dx) \(dy)")
        }
    }

    @Test func scrollOwnersDecideOnTheFirstDelta() {
        #expect(DragPrecedence.scrollOwner(region: .banner, dx: 1, dy: 0) == .carousel)
        #expect(DragPrecedence.scrollOwner(region: .page, dx: -1, dy: 0) == .channels)
        #expect(DragPrecedence.scrollOwner(region: .banner, dx: 0, dy: 1) == .feed)
        #expect(DragPrecedence.scrollOwner(region: .page, dx: 0, dy: 0) == nil)
    }
}
