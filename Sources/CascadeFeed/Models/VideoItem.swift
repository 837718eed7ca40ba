import Foundation

/// One video of a feed: what a cell shows and what the player plays.
///
/// Decoded from the reference schema's `info_list` entries; see `FeedPageDecoder` for the
/// tolerant decoding rules (numbers as strings, "mm:ss" durations, skipped unusable items).
///
/// A feed holds up to 100,000s of items, so an item keeps its URLs as text (`StoredURL`) and
/// makes the `URL` when `coverURL` or `videoURL` is read: a few microseconds, paid when a cell is
/// bound or a video opened, not for every item held.
public struct VideoItem: Hashable, Sendable, Identifiable, Codable {
    /// A stable identifier: the entry's `id` when present, else derived from the video URL.
    public var id: String
    /// The title shown under the cover (plain text, never markup).
    public var title: String
    /// The cover image (http(s) or file URL).
    public var coverURL: URL {
        get { storedCover.url }
        set { storedCover = StoredURL(newValue) }
    }
    /// The video as the feed gives it (the reference's `flv` field).
    public var videoURL: URL {
        get { storedVideo.url }
        set { storedVideo = StoredURL(newValue) }
    }
    /// The duration in seconds, if known.
    public var duration: Double?
    /// The cover's original width in pixels (positive).
    public var width: Double
    /// The cover's original height in pixels (positive).
    public var height: Double
    /// Whether the item is a banner of the carousel (the catalog's optional `featured` flag).
    public var isFeatured: Bool

    private var storedCover: StoredURL
    private var storedVideo: StoredURL

    /// Creates an item.
    public init(
        id: String, title: String, coverURL: URL, videoURL: URL, duration: Double?, width: Double, height: Double,
        isFeatured: Bool = false
    ) {
        self.id = id
        self.title = title
        self.storedCover = StoredURL(coverURL)
        self.storedVideo = StoredURL(videoURL)
        self.duration = duration
        self.width = width
        self.height = height
        self.isFeatured = isFeatured
    }

    /// Height over width of the cover, the ratio the waterfall multiplies the column width by.
    public var aspectRatio: Double { height / width }

    /// Creates an item from URLs stored already (`validated(id:title:cover:video:…)`).
    init(
        id: String, title: String, cover: StoredURL, video: StoredURL, duration: Double?, width: Double,
        height: Double, isFeatured: Bool
    ) {
        self.id = id
        self.title = title
        self.storedCover = cover
        self.storedVideo = video
        self.duration = duration
        self.width = width
        self.height = height
        self.isFeatured = isFeatured
    }

    // MARK: Codable

    private enum CodingKeys: String, CodingKey {
        case id, title, coverURL, videoURL, duration, width, height, isFeatured
    }

    /// Decodes an item encoded by `encode(to:)`; `isFeatured` may be absent (older caches).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        storedCover = StoredURL(try container.decode(URL.self, forKey: .coverURL))
        storedVideo = StoredURL(try container.decode(URL.self, forKey: .videoURL))
        duration = try container.decodeIfPresent(Double.self, forKey: .duration)
        width = try container.decode(Double.self, forKey: .width)
        height = try container.decode(Double.self, forKey: .height)
        isFeatured = try container.decodeIfPresent(Bool.self, forKey: .isFeatured) ?? false
    }

    /// Encodes the item with the keys `init(from:)` reads (URLs as URLs, whatever `StoredURL`
    /// keeps, so the persisted format does not follow the in-memory one).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(coverURL, forKey: .coverURL)
        try container.encode(videoURL, forKey: .videoURL)
        try container.encodeIfPresent(duration, forKey: .duration)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(isFeatured, forKey: .isFeatured)
    }
}
