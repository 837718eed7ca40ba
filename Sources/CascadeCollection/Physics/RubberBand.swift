import Foundation

/// UIScrollView's resistance when content is dragged past its edge.
///
/// Dragging `x` points past the edge moves the content `(1 − 1 / (x · c / d + 1)) · d`
/// points, with `d` the viewport length and `c` = 0.55: the first points follow the finger at
/// about half speed and the displacement never exceeds `d`.
public enum RubberBand {
    /// UIScrollView's coefficient.
    public static let coefficient: Double = 0.55

    /// The displayed overscroll for a finger overscroll of `overscroll` points (sign kept).
    public static func distance(
        forOverscroll overscroll: Double, dimension: Double, coefficient: Double = RubberBand.coefficient
    ) -> Double {
        guard overscroll.isFinite, dimension.isFinite, dimension > 0, coefficient > 0 else { return 0 }
        let x = abs(overscroll)
        let band = (1 - 1 / (x * coefficient / dimension + 1)) * dimension
        return overscroll < 0 ? -band : band
    }

    /// The displayed offset for a raw (finger) offset: unchanged inside `bounds`, rubber-banded
    /// outside. An empty-range viewport (`dimension` ≤ 0) clamps to the bounds.
    public static func offset(_ raw: Double, bounds: ClosedRange<Double>, dimension: Double) -> Double {
        guard raw.isFinite else { return bounds.lowerBound }
        if raw < bounds.lowerBound {
            return bounds.lowerBound + distance(forOverscroll: raw - bounds.lowerBound, dimension: dimension)
        }
        if raw > bounds.upperBound {
            return bounds.upperBound + distance(forOverscroll: raw - bounds.upperBound, dimension: dimension)
        }
        return raw
    }
}
