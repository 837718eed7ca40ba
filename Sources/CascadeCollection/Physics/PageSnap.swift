import CascadeNumerics

/// Where a paging container comes to rest when a drag or swipe ends: the one snap rule of the
/// banner carousel and the channel pager.
///
/// Positions are in pages (page `n` rests at `n`), velocities in pages per second. A flick
/// faster than `velocityThreshold` goes on to the next page boundary in its direction (from
/// 1.2 forwards to 2, backwards to 1); a position already on a boundary stays there. A slower
/// release goes to the nearest page. The result is limited to `pages` (the container's
/// pages, or the pages within one of where the drag started).
public enum PageSnap {
    /// Pages per second above which a release counts as a flick.
    public static let velocityThreshold = 0.5

    /// The page to rest on after a release at `position` with `velocity`.
    ///
    /// ```swift
    /// PageSnap.target(position: 1.3, velocity: 0, pages: 0...3)   // 1 (nearest)
    /// PageSnap.target(position: 1.3, velocity: 2, pages: 0...3)   // 2 (flick forwards)
    /// PageSnap.target(position: 1.7, velocity: -2, pages: 0...3)  // 1 (flick backwards)
    /// ```
    /// Non-finite inputs count as a still release at the first page of `pages`.
    public static func target(
        position: Double, velocity: Double, pages: ClosedRange<Int>, velocityThreshold: Double = velocityThreshold
    ) -> Int {
        guard position.isFinite else { return pages.lowerBound }
        let velocity = velocity.isFinite ? velocity : 0
        let resting: Double
        if velocity > velocityThreshold {
            resting = position.rounded(.up)
        } else if velocity < -velocityThreshold {
            resting = position.rounded(.down)
        } else {
            resting = position.rounded()
        }
        let clamped = min(Double(pages.upperBound), max(Double(pages.lowerBound), resting))
        return Int(saturating: clamped)
    }
}
