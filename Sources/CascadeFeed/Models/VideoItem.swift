import Foundation

/// One video of a feed: what a cell shows and what the player plays.
///
/// Decoded from the reference schema's `info_list` entries; see `FeedPageDecoder` for the
/// tolerant decoding rules (numbers as strings, "mm:ss" durations, skipped unusable items).
public struct VideoItem: Hashable, Sendable, Identifiable, Codable {
    /// A stable identifier: the entry's `id` when present, else derived from the video URL.
    public var id: String
    /// The title shown under the cover (plain text, never markup).
    public var title: String
    /// The cover image (http(s) or file URL).
    public var coverURL: URL
    /// The video as the feed gives it (the reference's `flv` field).
    public var videoURL: URL
    /// The duration in seconds, if known.
    public var duration: Double?
    /// The cover's original width in pixels (positive).
    public var width: Double
    /// The cover's original height in pixels (positive).
    public var height: Double
    /// Whether the item is a banner of the carousel (the catalog's optional `featured` flag).
    public var isFeatured: Bool

    /// Creates an item.
    public init(
        id: String, title: String, coverURL: URL, videoURL: URL, duration: Double?, width: Double, height: Double,
        isFeatured: Bool = false
    ) {
        self.id = id
        self.title = title
        self.coverURL = coverURL
        self.videoURL = videoURL
        self.duration = duration
        self.width = width
        self.height = height
        self.isFeatured = isFeatured
    }

    /// Height over width of the cover, the ratio the waterfall multiplies the column width by.
    public var aspectRatio: Double { height / width }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey {
        case id, title, coverURL, videoURL, duration, width, height, isFeatured
    }

    /// Decodes an item encoded by `encode(to:)`; `isFeatured` may be absent (older caches).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        coverURL = try container.decode(URL.self, forKey: .coverURL)
        videoURL = try container.decode(URL.self, forKey: .videoURL)
        duration = try container.decodeIfPresent(Double.self, forKey: .duration)
        width = try container.decode(Double.self, forKey: .width)
        height = try container.decode(Double.self, forKey: .height)
        isFeatured = try container.decodeIfPresent(Bool.self, forKey: .isFeatured) ?? false
    }
}
