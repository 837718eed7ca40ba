import CascadeNumerics
import Foundation

/// Where a video's seek previews come from and where each sits in its sprite: one frame every
/// `interval` seconds (a second for a video up to 100 s, else a hundredth of it), each scaled to
/// a tile `tileWidth` pixels wide at the video's aspect, laid out `columns` to a row.
///
/// Hovering the position slider at a time shows the tile taken at or before it, so the frame
/// shown is never later than the time the slider would seek to.
///
/// ```swift
/// let plan = SeekPreviewPlan(duration: 6, videoWidth: 1280, videoHeight: 720)!
/// plan.positions        // [0, 1, 2, 3, 4, 5]
/// plan.tile(at: 2.7)    // 2
/// ```
public struct SeekPreviewPlan: Equatable, Sendable {
    /// At most this many tiles, however long the video.
    public static let maximumTiles = 100
    /// Tiles per row of the sprite.
    public static let columns = 10
    /// A tile's width in pixels.
    public static let tileWidth = 160

    /// The video's duration in seconds.
    public let duration: Double
    /// Seconds between two tiles' frames.
    public let interval: Double
    /// The number of tiles.
    public let count: Int
    /// A tile's height in pixels (the video's aspect at `tileWidth`, 40…240).
    public let tileHeight: Int

    /// The plan for a video of `duration` seconds whose frames are `videoWidth` × `videoHeight`
    /// square pixels; nil for a duration that is not a positive number (a live stream, a bad
    /// probe) or a size that is not positive.
    public init?(duration: Double, videoWidth: Int, videoHeight: Int) {
        guard duration.isFinite, duration > 0, videoWidth > 0, videoHeight > 0 else { return nil }
        let duration = min(duration, 1e7)
        self.duration = duration
        interval = max(1, duration / Double(Self.maximumTiles))
        count = min(Self.maximumTiles, max(1, Int(saturating: (duration / interval).rounded(.up))))
        let height = Double(Self.tileWidth) * Double(videoHeight) / Double(videoWidth)
        tileHeight = min(240, max(40, Int(saturatingRounded: height)))
    }

    /// Rows of tiles in the sprite.
    public var rows: Int { (count + Self.columns - 1) / Self.columns }
    /// The sprite's width in pixels.
    public var spriteWidth: Int { min(count, Self.columns) * Self.tileWidth }
    /// The sprite's height in pixels.
    public var spriteHeight: Int { rows * tileHeight }

    /// The time of each tile's frame, in seconds (kept inside the video).
    public var positions: [Double] {
        (0..<count).map { min(Double($0) * interval, max(0, duration - 0.05)) }
    }

    /// The tile shown for the slider at `seconds` (clamped to the video).
    public func tile(at seconds: Double) -> Int {
        guard seconds.isFinite, seconds > 0 else { return 0 }
        return min(count - 1, Int(saturating: seconds / interval))
    }

    /// The top-left corner of tile `index` in the sprite, in pixels.
    public func origin(ofTile index: Int) -> (x: Int, y: Int) {
        let index = min(max(0, index), count - 1)
        return ((index % Self.columns) * Self.tileWidth, (index / Self.columns) * tileHeight)
    }
}
