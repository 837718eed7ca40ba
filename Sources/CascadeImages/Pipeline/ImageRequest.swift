import Foundation

/// How urgently an image is wanted. A queued request of higher priority starts before queued
/// requests of lower priority; requests of equal priority start in the order they were queued.
public enum ImagePriority: Int, Comparable, Sendable, CaseIterable {
    /// Wanted soon (the collection's prefetch window): runs only when no visible work waits.
    case prefetch = 0
    /// Wanted now: a visible cell is waiting for it.
    case visible = 1

    public static func < (lhs: ImagePriority, rhs: ImagePriority) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What a cell asks the pipeline for: an image URL, the size in pixels it will be shown at, and
/// how urgently it is wanted.
///
/// Two requests with the same URL and target size are *identical*: they share one fetch, one
/// decode and one memory-cache entry, whatever their priorities.
public struct ImageRequest: Hashable, Sendable {
    /// Where the encoded image lives (`http`, `https` or `file`).
    public var url: URL
    /// The box, in pixels, the decoded image must fit in (aspect preserved, never upscaled);
    /// nil decodes at the original size.
    public var targetSize: PixelSize?
    /// How urgently the image is wanted.
    public var priority: ImagePriority

    /// Creates a request.
    public init(url: URL, targetSize: PixelSize? = nil, priority: ImagePriority = .visible) {
        self.url = url
        self.targetSize = targetSize
        self.priority = priority
    }

    /// The memory-cache key: URL and target size (priority is not part of it).
    public var cacheKey: ImageCacheKey { ImageCacheKey(url: url, targetSize: targetSize) }
}

/// Identifies one decoded image in the memory cache: a URL and a target size.
///
/// The URL is kept as its absolute string and the hash is computed once, when the key is made:
/// the memory cache is looked up on every cell bind, and hashing a long URL string each time
/// would cost more than the rest of the lookup.
public struct ImageCacheKey: Hashable, Sendable, CustomStringConvertible {
    /// The absolute string of the image URL.
    public let url: String
    /// The target size, or nil for the original size.
    public let targetSize: PixelSize?
    private let hash: Int

    /// Creates a key.
    public init(url: URL, targetSize: PixelSize?) {
        self.url = url.absoluteString
        self.targetSize = targetSize
        var hasher = Hasher()
        hasher.combine(self.url)
        hasher.combine(targetSize)
        hash = hasher.finalize()
    }

    public static func == (lhs: ImageCacheKey, rhs: ImageCacheKey) -> Bool {
        lhs.hash == rhs.hash && lhs.targetSize == rhs.targetSize && lhs.url == rhs.url
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    public var description: String { "\(url)@\(targetSize.map(\.description) ?? "original")" }
}
