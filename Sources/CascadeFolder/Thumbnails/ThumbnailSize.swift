import CascadeNumerics

/// The thumbnail sizes of the Thumbnail Managing Standard: each is a folder under the cache and
/// the largest edge, in pixels, of the images it holds.
public enum ThumbnailSize: String, CaseIterable, Sendable, Comparable {
    /// 128 × 128.
    case normal
    /// 256 × 256.
    case large
    /// 512 × 512.
    case xLarge = "x-large"
    /// 1024 × 1024.
    case xxLarge = "xx-large"

    /// The largest edge in pixels.
    public var pixels: Int {
        switch self {
        case .normal: 128
        case .large: 256
        case .xLarge: 512
        case .xxLarge: 1024
        }
    }

    /// The folder name under the thumbnail cache.
    public var folderName: String { rawValue }

    /// The smallest size whose edge covers `pixels` (the largest size when none does).
    public static func fitting(_ pixels: Int) -> ThumbnailSize {
        allCases.first { $0.pixels >= pixels } ?? .xxLarge
    }

    /// The size a cover needs: thumbnails keep the video's shape inside a square of the size's
    /// edge, so a cover drawn `coverPixelWidth` device pixels wide needs an edge of that width
    /// times the taller side's share (a portrait video's longest edge is its height).
    /// - Parameters:
    ///   - coverPixelWidth: the cell's cover width in device pixels (points × scale factor).
    ///   - aspectRatio: the video's height over width; not finite or not positive counts as 1.
    /// - Complexity: O(1).
    public static func needed(coverPixelWidth: Int, aspectRatio: Double) -> ThumbnailSize {
        let ratio = aspectRatio.isFinite && aspectRatio > 0 ? max(1, aspectRatio) : 1
        return fitting(Int(saturating: (Double(max(0, coverPixelWidth)) * ratio).rounded(.up)))
    }

    /// The size a cover filling a box needs (drawn like `GTK_CONTENT_FIT_COVER`: scaled to cover
    /// the box, the overflow cut off), as the banner draws its covers.
    ///
    /// The image is drawn `max(width, height / aspectRatio)` device pixels wide, so its longest
    /// edge there is that width times the taller side's share; a box wider than the video's shape
    /// needs the width, a taller one the height.
    /// - Parameters:
    ///   - width: the box's width in device pixels (points × scale factor).
    ///   - height: the box's height in device pixels.
    ///   - aspectRatio: the video's height over width; not finite or not positive counts as 1.
    /// - Complexity: O(1).
    public static func needed(coveringPixelWidth width: Int, height: Int, aspectRatio: Double) -> ThumbnailSize {
        let ratio = aspectRatio.isFinite && aspectRatio > 0 ? aspectRatio : 1
        let drawnWidth = max(Double(max(0, width)), Double(max(0, height)) / ratio)
        return fitting(Int(saturating: (drawnWidth * max(1, ratio)).rounded(.up)))
    }

    public static func < (lhs: ThumbnailSize, rhs: ThumbnailSize) -> Bool { lhs.pixels < rhs.pixels }
}
