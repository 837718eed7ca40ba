import CascadeNumerics
import Foundation

/// Where the parts of a video cell go. In the reference design (`init(size:)`) the cover is on
/// top (85 % of the cell height) with its two top corners rounded (radius 5), a 4 % gap, then
/// the title centred below in the remaining 11 % (13 pt, word-wrapped): proportions, so they
/// hold whatever size the layout gives the cell. A fitted cell
/// (`init(size:fittedTitleLines:lineHeight:)`) gives its title the band its measured lines
/// need and the cover the rest.
public struct VideoCellGeometry: Equatable, Sendable {
    /// The cover image's frame in cell coordinates.
    public var cover: CGRect
    /// The title's frame in cell coordinates.
    public var title: CGRect
    /// The corner radius of the cover's two top corners.
    public var coverCornerRadius: CGFloat
    /// How many lines the title wraps to (the last one ellipsized).
    public var titleLines: Int

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
        // Two lines when the title's share of the cell is tall enough for them, else one.
        titleLines = title.height >= Self.twoLineTitleHeight ? 2 : 1
    }

    /// The title band's height, in points, from which two wrapped lines fit in it.
    public static let twoLineTitleHeight: CGFloat = 34

    // MARK: Fitted cells

    /// The most lines a fitted cell's title gets; a longer title is ellipsized on the last one.
    public static let maximumFittedTitleLines = 3
    /// The space above and below a fitted cell's title lines, in points.
    public static let fittedTitlePadding: CGFloat = 7

    /// The height of a fitted cell's title band for `lines` lines (clamped to
    /// 1…`maximumFittedTitleLines`) of `lineHeight` points (not finite or negative: 0), in
    /// whole points.
    public static func fittedTitleBand(lines: Int, lineHeight: CGFloat) -> CGFloat {
        let lines = CGFloat(min(max(1, lines), maximumFittedTitleLines))
        let line = lineHeight.isFinite ? min(max(0, lineHeight), 1000) : 0
        return (fittedTitlePadding * 2 + lines * line).rounded(.up)
    }

    /// A fitted cell's height at `width`: its cover at `coverAspect` (height over width; not
    /// finite or not positive: square) over the whole width, in whole points, plus the band of
    /// `titleLines` lines.
    public static func fittedHeight(
        width: CGFloat, coverAspect: Double, titleLines: Int, lineHeight: CGFloat
    )
        -> CGFloat
    {
        let width = width.isFinite ? max(0, width) : 0
        let aspect = coverAspect.isFinite && coverAspect > 0 ? CGFloat(coverAspect) : 1
        return (width * aspect).rounded() + fittedTitleBand(lines: titleLines, lineHeight: lineHeight)
    }

    /// Lays out a fitted cell of `size` whose title wraps to `fittedTitleLines` lines of
    /// `lineHeight` points: the title band at the bottom, the cover above it taking the rest.
    /// Sizes that are not finite or not positive give empty frames.
    public init(size: CGSize, fittedTitleLines: Int, lineHeight: CGFloat) {
        let width = size.width.isFinite ? max(0, size.width) : 0
        let height = size.height.isFinite ? max(0, size.height) : 0
        let lines = min(max(1, fittedTitleLines), Self.maximumFittedTitleLines)
        let band = min(height, Self.fittedTitleBand(lines: lines, lineHeight: lineHeight))
        let coverHeight = (height - band).rounded()
        cover = CGRect(x: 0, y: 0, width: width, height: coverHeight)
        title = CGRect(x: 0, y: coverHeight, width: width, height: max(0, height - coverHeight))
        coverCornerRadius = min(Self.cornerRadius, width / 2, coverHeight / 2)
        titleLines = lines
    }

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
        VideoCellGeometry(size: size).coverDecodeSize(scale: scale, imageAspect: imageAspect)
    }

    /// The size in device pixels to decode the cover of this geometry's cell to: its cover box
    /// at the width its widget gets (`widgetWidth`), covered as `coverPixelSize(scale:imageAspect:)` does.
    public func coverDecodeSize(scale: CGFloat, imageAspect: Double) -> (width: Int, height: Int) {
        var drawn = self
        drawn.cover.size.width = Self.widgetWidth(forFrameWidth: cover.width)
        return drawn.coverPixelSize(scale: scale, imageAspect: imageAspect)
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
        CoverFit.decodeSize(
            covering: coverPixelSize(scale: scale), imageAspect: imageAspect, maximumOverscan: Self.maximumCoverOverscan
        )
    }
}
