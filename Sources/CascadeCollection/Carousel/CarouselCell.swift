/// One of the (at most three) cells a carousel host lays out for a position.
public struct CarouselCell: Equatable, Sendable {
    /// The slot: -1 (left), 0 (centre) or 1 (right).
    public var slot: Int
    /// The page the cell shows.
    public var page: Int
    /// The cell's leading edge relative to the viewport's, in page widths (0 = filling it).
    public var offset: Double

    /// Creates a cell.
    public init(slot: Int, page: Int, offset: Double) {
        self.slot = slot
        self.page = page
        self.offset = offset
    }
}

/// A move of the carousel the host animates, from one unwrapped position to another.
///
/// Positions are in pages and may lie outside `0..<pageCount` (going from the last page to
/// the first is `from: 4, to: 5` for 5 pages); feed intermediate values to
/// `CarouselModel.cells(at:)`.
public struct CarouselTransition: Equatable, Sendable {
    /// The position the animation starts at.
    public var from: Double
    /// The position it ends at.
    public var to: Double
    /// The page shown at the end (nil when there are no pages).
    public var page: Int?

    /// Creates a transition.
    public init(from: Double, to: Double, page: Int?) {
        self.from = from
        self.to = to
        self.page = page
    }

    /// Whether the carousel does not move.
    public var isEmpty: Bool { from == to }
}
