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

    public static func < (lhs: ThumbnailSize, rhs: ThumbnailSize) -> Bool { lhs.pixels < rhs.pixels }
}
