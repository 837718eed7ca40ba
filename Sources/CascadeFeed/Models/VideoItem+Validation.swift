import Foundation

extension VideoItem {
    /// The longest duration kept, in seconds (99:59:59); longer ones are clamped to it.
    public static let maximumDuration: Double = 359_999

    /// The most characters of a title kept (longer titles are cut).
    public static let maximumTitleLength = 500

    /// A duration as an item keeps it: nil unless finite and non-negative, at most
    /// `maximumDuration` (`1e19` and `"9223372036854775807:00:00"` become 99:59:59).
    public static func clampedDuration(_ seconds: Double?) -> Double? {
        guard let seconds, seconds.isFinite, seconds >= 0 else { return nil }
        return min(seconds, maximumDuration)
    }

    /// The item as it may enter the app, or why it may not: the one validation that fresh items
    /// (`FeedPageDecoder`) and restored ones (`FeedPageCache`) both pass.
    ///
    /// The cover and video must be allowed by `policy` (a `file:` URL comes back resolved), the
    /// size must be finite and positive with a finite, positive aspect ratio, the duration is
    /// clamped (`clampedDuration`), the title cut to `maximumTitleLength` characters, and an
    /// empty id replaced by the one derived from the video URL (as the decoder does).
    public func validated(by policy: FeedReferencePolicy) -> Result<VideoItem, SkipReason> {
        guard case .success(let cover) = policy.check(coverURL) else { return .failure(.coverNotAllowed) }
        guard case .success(let video) = policy.check(videoURL) else { return .failure(.videoNotAllowed) }
        guard width.isFinite, height.isFinite, width > 0, height > 0, aspectRatio.isFinite, aspectRatio > 0 else {
            return .failure(.invalidSize)
        }
        var item = self
        // An empty id (possible only in a persisted page) gets the one a fresh entry without an
        // id gets: two items with "" would otherwise share an identity.
        if id.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { item.id = StableID.derived(from: video) }
        item.coverURL = cover
        item.videoURL = video
        item.duration = Self.clampedDuration(duration)
        if title.count > Self.maximumTitleLength { item.title = String(title.prefix(Self.maximumTitleLength)) }
        return .success(item)
    }
}
