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
        var folders = URLFolderPool()
        return Self.validated(
            id: id, title: title, cover: coverURL, video: videoURL, duration: duration, width: width, height: height,
            isFeatured: isFeatured, by: policy, folders: &folders)
    }

    /// `validated(by:)` of the item these fields make, built once: the decoder's path, which
    /// shares the URLs' folder parts through `folders`.
    static func validated(
        id: String, title: String, cover: URL, video: URL, duration: Double?, width: Double, height: Double,
        isFeatured: Bool, by policy: FeedReferencePolicy, folders: inout URLFolderPool
    ) -> Result<VideoItem, SkipReason> {
        guard case .success(let cover) = policy.check(cover) else { return .failure(.coverNotAllowed) }
        guard case .success(let video) = policy.check(video) else { return .failure(.videoNotAllowed) }
        let aspectRatio = height / width
        guard width.isFinite, height.isFinite, width > 0, height > 0, aspectRatio.isFinite, aspectRatio > 0 else {
            return .failure(.invalidSize)
        }
        // An empty id (possible only in a persisted page) gets the one a fresh entry without an
        // id gets: two items with "" would otherwise share an identity.
        let id = id.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? StableID.derived(from: video) : id
        let title = title.count > maximumTitleLength ? String(title.prefix(maximumTitleLength)) : title
        return .success(
            VideoItem(
                id: id, title: title, cover: StoredURL(cover, pool: &folders), video: StoredURL(video, pool: &folders),
                duration: clampedDuration(duration), width: width, height: height, isFeatured: isFeatured))
    }
}
