import Foundation

/// UIScrollView-like scroll behaviour along one axis: rubber-banded dragging, the glide and
/// bounce after a fling, and paging snap.
///
/// Offsets are the scroll offset along the axis (0 at the top), in points; velocities are
/// points per second in the offset's direction (positive = towards the end).
public struct ScrollPhysics: Sendable, Equatable {
    // MARK: Configuration

    /// The viewport length along the axis.
    public var viewportLength: Double
    /// The content length along the axis.
    public var contentLength: Double
    /// Inset added before the content (e.g. a refresh control held open).
    public var leadingInset: Double
    /// How quickly flings slow down.
    public var rate: DecelerationRate
    /// Page length for paging (nil: free scrolling).
    public var pageLength: Double?
    /// The speed above which a paging release goes to the next page even if short of half.
    public var pagingVelocityThreshold: Double

    /// Creates physics; non-finite or negative lengths count as 0.
    public init(
        viewportLength: Double, contentLength: Double, leadingInset: Double = 0, rate: DecelerationRate = .normal,
        pageLength: Double? = nil, pagingVelocityThreshold: Double = 300
    ) {
        self.viewportLength = Self.clean(viewportLength)
        self.contentLength = Self.clean(contentLength)
        self.leadingInset = Self.clean(leadingInset)
        self.rate = rate
        self.pageLength = pageLength.map(Self.clean).flatMap { $0 > 0 ? $0 : nil }
        self.pagingVelocityThreshold = Self.clean(pagingVelocityThreshold)
    }

    // MARK: Queries

    /// The offsets the content may rest at: `-leadingInset ... max(0, content − viewport)`.
    public var bounds: ClosedRange<Double> {
        -leadingInset...max(-leadingInset, contentLength - viewportLength)
    }

    /// The displayed offset for a raw drag offset (rubber-banded past the bounds).
    public func draggedOffset(_ raw: Double) -> Double {
        RubberBand.offset(raw, bounds: bounds, dimension: viewportLength)
    }

    /// The motion after release at `offset` with `velocity`.
    ///
    /// Outside the bounds it springs back to the nearest bound; with paging it springs to the
    /// page `pageTarget` chooses; otherwise it glides, bouncing off an edge it would cross.
    public func release(at offset: Double, velocity: Double) -> ScrollTrajectory {
        let offset = offset.isFinite ? offset : bounds.lowerBound
        let velocity = velocity.isFinite ? velocity : 0
        let bounds = bounds
        if pageLength != nil {
            return .spring(
                SpringBack(from: offset, to: pageTarget(offset: offset, velocity: velocity), velocity: velocity))
        }
        if offset < bounds.lowerBound || offset > bounds.upperBound {
            let edge = min(max(offset, bounds.lowerBound), bounds.upperBound)
            return .spring(SpringBack(from: offset, to: edge, velocity: velocity))
        }
        let glide = DecelerationModel(offset: offset, velocity: velocity, rate: rate)
        let rest = glide.restingOffset
        guard rest < bounds.lowerBound || rest > bounds.upperBound else { return .glide(glide) }
        let edge = rest < bounds.lowerBound ? bounds.lowerBound : bounds.upperBound
        guard let impact = glide.time(toReach: edge) else { return .glide(glide) }
        let spring = SpringBack(from: edge, to: edge, velocity: glide.velocity(at: impact))
        return .bounce(glide, impactTime: impact, spring: spring)
    }

    /// The resting offset for a paging release: the next page in the direction of a flick
    /// faster than `pagingVelocityThreshold`, else the nearest page; always a whole multiple
    /// of `pageLength` within the bounds (the nearest bound without paging).
    public func pageTarget(offset: Double, velocity: Double) -> Double {
        let bounds = bounds
        guard let pageLength, offset.isFinite else { return min(max(offset, bounds.lowerBound), bounds.upperBound) }
        let position = offset / pageLength
        var page: Double
        if velocity > pagingVelocityThreshold {
            page = position.rounded(.down) + 1
        } else if velocity < -pagingVelocityThreshold {
            page = position.rounded(.up) - 1
        } else {
            page = position.rounded()
        }
        // The tolerance keeps a last page that is an exact multiple despite rounding
        // (content = 3 × 384.6 must allow page 2).
        let lastPage = (max(0, bounds.upperBound) / pageLength + 1e-9).rounded(.down)
        page = min(max(page, 0), lastPage)
        return page * pageLength
    }

    private static func clean(_ value: Double) -> Double { value.isFinite ? max(0, value) : 0 }
}
