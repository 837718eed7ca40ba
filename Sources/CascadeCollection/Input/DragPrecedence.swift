/// Which container a pointer drag or a touchpad swipe moves, where several could: the banner
/// carousel sits inside a feed page, which sits inside the horizontally paging channel
/// container.
///
/// The rule, as on a phone: a gesture moves along its dominant axis; horizontal motion that
/// starts over the banner moves the banner (the carousel is the innermost horizontal
/// container), elsewhere it pages the channels; vertical motion scrolls the feed wherever it
/// starts. A drag is undecided until it has moved `PointerInput.tapSlop` points, so a click
/// stays a click; a touchpad swipe decides on its first delta. Once decided, the owner keeps
/// the whole gesture.
public enum DragPrecedence {
    /// Where a gesture started.
    public enum Region: Sendable, Equatable {
        /// Over the banner carousel.
        case banner
        /// Anywhere else on a feed page (cells, gaps, the footer).
        case page
    }

    /// The container that follows the gesture.
    public enum Owner: Sendable, Equatable {
        /// The banner carousel moves between banners.
        case carousel
        /// The channel container pages between channels.
        case channels
        /// The feed scrolls vertically.
        case feed
    }

    /// The owner of a drag that started in `region` and has moved (`dx`, `dy`) points, or nil
    /// while it is still within `slop` of where it started (it may yet be a click).
    ///
    /// ```swift
    /// DragPrecedence.owner(region: .banner, dx: -30, dy: 4)  // .carousel
    /// DragPrecedence.owner(region: .page, dx: -30, dy: 4)    // .channels
    /// DragPrecedence.owner(region: .banner, dx: 3, dy: 40)   // .feed
    /// DragPrecedence.owner(region: .page, dx: 2, dy: 1)      // nil (maybe a click)
    /// ```
    /// Non-finite motion decides nothing.
    public static func owner(region: Region, dx: Double, dy: Double, slop: Double = PointerInput.tapSlop) -> Owner? {
        guard dx.isFinite, dy.isFinite else { return nil }
        guard abs(dx) >= slop || abs(dy) >= slop else { return nil }
        guard abs(dx) > abs(dy) else { return .feed }
        return region == .banner ? .carousel : .channels
    }

    /// The owner of a touchpad or wheel scroll delta (`dx`, `dy`) over `region`: the same rule
    /// with no slop (a scroll is never a click). Nil for no motion.
    public static func scrollOwner(region: Region, dx: Double, dy: Double) -> Owner? {
        guard dx != 0 || dy != 0 else { return nil }
        return owner(region: region, dx: dx, dy: dy, slop: 0)
    }
}
