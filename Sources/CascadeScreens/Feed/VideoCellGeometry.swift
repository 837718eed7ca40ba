import CascadeNumerics
import Foundation

/// Where the parts of a video cell go, from the reference design: the cover on top (85 % of
/// the cell height) with its two top corners rounded (radius 5), a 4 % gap, then the title
/// centred below in the remaining 11 % (13 pt, word-wrapped).
///
/// Proportions, not fixed sizes, so they hold whatever size the layout gives the cell.
public struct VideoCellGeometry: Equatable, Sendable {
    /// The cover image's frame in cell coordinates.
    public var cover: CGRect
    /// The title's frame in cell coordinates.
    public var title: CGRect
    /// The corner radius of the cover's two top corners.
    public var coverCornerRadius: CGFloat

    /// The cover's share of the cell height.
    public static let coverFraction: CGFloat = 0.85
    /// The gap's share of the cell height.
    public static let gapFraction: CGFloat = 0.04
    /// The radius of the cell's rounded corners (the cover's top ones, the title band's bottom
    /// ones), in points: the stylesheet's and the cover drawing's one value.
    public static let cornerRadius: CGFloat = 5

    /// The width in points a cell's widget gets for a layout frame `width` (GTK sizes are whole
    /// points): what its cover is drawn at, so what the cover is decoded for. 0 for a width that
    /// is not finite or not positive.
    public static func widgetWidth(forFrameWidth width: CGFloat) -> CGFloat {
        width.isFinite ? max(0, width.rounded()) : 0
    }

    /// Lays out a cell of `size`. Sizes that are not finite or not positive give empty frames.
    public init(size: CGSize) {
        let width = size.width.isFinite ? max(0, size.width) : 0
        let height = size.height.isFinite ? max(0, size.height) : 0
        // Whole points, so the cover's edge and the title never land on half pixels.
        let coverHeight = (height * Self.coverFraction).rounded()
        let titleTop = (height * (Self.coverFraction + Self.gapFraction)).rounded()
        cover = CGRect(x: 0, y: 0, width: width, height: coverHeight)
        title = CGRect(x: 0, y: titleTop, width: width, height: max(0, height - titleTop))
        coverCornerRadius = min(Self.cornerRadius, width / 2, coverHeight / 2)
    }

    /// The title band's height, in points, from which two wrapped lines fit in it.
    public static let twoLineTitleHeight: CGFloat = 34

    /// How many lines the title wraps to (the last one ellipsized): two when the title's share
    /// of the cell is tall enough for them, else one.
    public var titleLines: Int { title.height >= Self.twoLineTitleHeight ? 2 : 1 }

    /// The cover's size in device pixels for a display `scale`: what the image pipeline should
    /// decode to.
    public func coverPixelSize(scale: CGFloat) -> (width: Int, height: Int) {
        let s = scale.isFinite && scale > 0 ? scale : 1
        return (Int(saturating: (cover.width * s).rounded(.up)), Int(saturating: (cover.height * s).rounded(.up)))
    }

    /// The size in device pixels to decode the cover of a cell laid out in a frame of `size`:
    /// covering, at 1:1, the cover box of the width its widget gets (`widgetWidth`), rather
    /// than fitting inside it and being drawn enlarged.
    public static func coverDecodeSize(
        forFrame size: CGSize, scale: CGFloat, imageAspect: Double
    ) -> (
        width: Int, height: Int
    ) {
        let drawn = CGSize(width: widgetWidth(forFrameWidth: size.width), height: size.height)
        return VideoCellGeometry(size: drawn).coverPixelSize(scale: scale, imageAspect: imageAspect)
    }

    /// How far past the cover box a covering decode may reach in its cropped dimension: an
    /// image whose aspect differs more from the box's (a hostile feed's 1000:1 cover) is
    /// decoded at most this much larger and drawn scaled up the rest of the way.
    public static let maximumCoverOverscan: Double = 2

    /// The size in device pixels to decode an image of height-over-width `imageAspect` to, so
    /// that it covers the cover box (`object-fit: cover`) without being scaled up: the box
    /// grown in one dimension to the image's aspect, by at most `maximumCoverOverscan`.
    ///
    /// A cell's cover is shorter than its image's aspect (the title takes the rest of the
    /// height the layout gives it), so an image decoded to fit inside the box would be drawn
    /// enlarged by about 1 / `coverFraction` and look soft. An aspect that is not finite or
    /// not positive gives the box itself.
    public func coverPixelSize(scale: CGFloat, imageAspect: Double) -> (width: Int, height: Int) {
        let box = coverPixelSize(scale: scale)
        guard imageAspect.isFinite, imageAspect > 0, box.width > 0, box.height > 0 else { return box }
        let width = Double(box.width)
        let height = Double(box.height)
        if height / width > imageAspect {
            // The image is wider than the box: full height, wider than the box.
            let covering = min(height / imageAspect, width * Self.maximumCoverOverscan)
            return (max(box.width, Int(saturating: covering.rounded(.up))), box.height)
        }
        let covering = min(width * imageAspect, height * Self.maximumCoverOverscan)
        return (box.width, max(box.height, Int(saturating: covering.rounded(.up))))
    }
}
