/// Where a mouse or touch drag of a paging container comes to rest when the finger lifts: the
/// drag's distance in points and its release velocity, turned into pages and snapped by
/// `PageSnap` to a page within one of the page the drag started on.
///
/// Distances and velocities are finger motion in points (positive: rightwards, which reveals
/// the previous page); `pageWidth` is one page's width in points.
///
/// ```swift
/// // 1000-pt pages, starting on page 1 of 0...4:
/// PagerDrag.target(startPage: 1, distance: -300, velocity: 0, pageWidth: 1000, pages: 0...4)      // 1
/// PagerDrag.target(startPage: 1, distance: -300, velocity: -2000, pageWidth: 1000, pages: 0...4)  // 2
/// PagerDrag.target(startPage: 1, distance: -700, velocity: 0, pageWidth: 1000, pages: 0...4)      // 2
/// ```
public enum PagerDrag {
    /// The container's position in pages while the finger is `distance` points from where it
    /// pressed (clamped to `pages`).
    public static func position(startPage: Int, distance: Double, pageWidth: Double, pages: ClosedRange<Int>) -> Double
    {
        guard pageWidth.isFinite, pageWidth > 0, distance.isFinite else { return Double(startPage) }
        let moved = Double(startPage) - distance / pageWidth
        return min(Double(pages.upperBound), max(Double(pages.lowerBound), moved))
    }

    /// The page to rest on after a release `distance` points from the press at `velocity`
    /// points per second: a flick (faster than `PageSnap.velocityThreshold` pages per second)
    /// goes on to the neighbour in its direction, a slow release to the nearest page; never more
    /// than one page from `startPage`, never outside `pages`.
    public static func target(
        startPage: Int, distance: Double, velocity: Double, pageWidth: Double, pages: ClosedRange<Int>
    ) -> Int {
        guard pageWidth.isFinite, pageWidth > 0 else { return min(pages.upperBound, max(pages.lowerBound, startPage)) }
        let position = position(startPage: startPage, distance: distance, pageWidth: pageWidth, pages: pages)
        let pagesPerSecond = velocity.isFinite ? -velocity / pageWidth : 0
        let lower = max(pages.lowerBound, startPage - 1)
        let upper = min(pages.upperBound, startPage + 1)
        guard lower <= upper else { return min(pages.upperBound, max(pages.lowerBound, startPage)) }
        return PageSnap.target(position: position, velocity: pagesPerSecond, pages: lower...upper)
    }
}
