import Foundation

/// Decodes one page of the reference feed schema,
/// `{"data": {"info_list": [{cover, title, flv, duration, width, height, end?, id?, featured?}], "end": 0|1}}`.
///
/// The decoder is tolerant where servers are sloppy and strict where the UI would break:
/// - numbers may arrive as strings (`"640"`), durations as seconds or `"mm:ss"`/`"h:mm:ss"`;
/// - `title`, `duration`, `id`, `featured` and `end` are optional;
/// - relative `cover`/`flv` references resolve against `baseURL` (the catalog root);
/// - the `flv` field's `.flv` extension is rewritten to `.mp4` (`ReferenceVideoURL`), the
///   reference's rule; `video`/`url` fields and every other source play as they are;
/// - an entry without a usable cover, video or positive size, or whose cover or video the
///   `policy` refuses (a `file:` URL in a feed from HTTP), is skipped and recorded in
///   `FeedPage.skipped`, and the rest of the page still loads;
/// - durations are clamped to `VideoItem.maximumDuration` (`VideoItem.validated(by:)`);
/// - a body that is not JSON or not of that shape throws `FeedError.badPayload`.
///
/// The page is the last one when the top-level `end` is 1 or any entry carries `end: 1`.
public struct FeedPageDecoder: Sendable {
    /// The URL relative `cover` and `flv` references resolve against; nil accepts absolute URLs only.
    public var baseURL: URL?
    /// Which cover and video URLs items may have.
    public var policy: FeedReferencePolicy

    /// Creates a decoder resolving relative references against `baseURL`; the policy defaults to
    /// the one `baseURL` implies (`FeedReferencePolicy(baseURL:)`).
    public init(baseURL: URL? = nil, policy: FeedReferencePolicy? = nil) {
        self.baseURL = baseURL
        self.policy = policy ?? FeedReferencePolicy(baseURL: baseURL)
    }

    /// Decodes a page from a response body.
    /// - Throws: `FeedError.badPayload` when the body is not JSON or not of the feed's shape.
    /// - Complexity: O(*n*) in the body's size.
    public func decode(_ data: Data) throws(FeedError) -> FeedPage {
        let root = try Self.parse(data)
        guard case .object = root else { throw .badPayload(.wrongShape(path: "$")) }
        guard let payload = root["data"], case .object = payload else {
            throw .badPayload(.wrongShape(path: "data"))
        }
        guard case .array(let entries)? = payload["info_list"] else {
            throw .badPayload(.wrongShape(path: "data.info_list"))
        }
        return decodePage(entries: entries, end: payload["end"])
    }

    // MARK: Internal

    /// Parses JSON into a `JSONValue`, mapping parse failures to `.badPayload(.notJSON)`.
    static func parse(_ data: Data) throws(FeedError) -> JSONValue {
        do {
            return try JSONParser.parse(data)
        } catch {
            throw .badPayload(.notJSON)
        }
    }

    /// Decodes already-parsed `info_list` entries (the local catalog slices them without re-parsing).
    func decodePage(entries: some Collection<JSONValue>, end: JSONValue?) -> FeedPage {
        var items: [VideoItem] = []
        var skipped: [SkippedItem] = []
        var isEnd = end?.flag ?? false
        // The page's covers and videos mostly sit in a few folders: their items share one copy
        // of each folder's URL text.
        var folders = URLFolderPool()
        items.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            if entry["end"]?.flag == true { isEnd = true }
            switch item(from: entry, folders: &folders) {
            case .success(let item): items.append(item)
            case .failure(let reason): skipped.append(SkippedItem(index: index, reason: reason.reason))
            }
        }
        return FeedPage(items: items, isEnd: isEnd, skipped: skipped, entryCount: entries.count)
    }

    /// Decodes one entry, or says why it is unusable; its URLs share folder parts through `folders`.
    func item(from entry: JSONValue, folders: inout URLFolderPool) -> Result<VideoItem, SkipError> {
        guard case .object = entry else { return .failure(SkipError(.notAnObject)) }
        guard let coverText = entry["cover"]?.text?.trimmed, !coverText.isEmpty else {
            return .failure(SkipError(.missingCover))
        }
        guard let cover = resolve(coverText) else { return .failure(SkipError(.invalidCoverURL)) }
        let isFLVField = entry["flv"] != nil
        guard let videoText = (entry["flv"] ?? entry["video"] ?? entry["url"])?.text?.trimmed, !videoText.isEmpty
        else { return .failure(SkipError(.missingVideo)) }
        guard let video = resolve(videoText) else { return .failure(SkipError(.invalidVideoURL)) }
        guard let width = entry["width"]?.number, let height = entry["height"]?.number, width > 0, height > 0 else {
            return .failure(SkipError(.invalidSize))
        }
        let explicitID = entry["id"]?.text?.trimmed
        // Derived from the URL as the feed gives it, before the `.flv` rule, so ids do not
        // depend on how the video is played.
        let id = explicitID.flatMap { $0.isEmpty ? nil : $0 } ?? StableID.derived(from: video)
        let played = isFLVField ? ReferenceVideoURL.playable(fromFLVField: video) : video
        return VideoItem.validated(
            id: id, title: entry["title"]?.text ?? "", cover: cover, video: played,
            duration: entry["duration"].flatMap(DurationParser.seconds(from:)), width: width, height: height,
            isFeatured: entry["featured"]?.flag ?? false, by: policy, folders: &folders
        ).mapError(SkipError.init)
    }

    /// Resolves a reference against the base URL; nil unless the result is http(s) or file.
    func resolve(_ reference: String) -> URL? {
        let url =
            URL(string: reference, relativeTo: baseURL)
            ?? reference.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed).flatMap {
                URL(string: $0, relativeTo: baseURL)
            }
        guard let absolute = url?.absoluteURL, let scheme = absolute.scheme?.lowercased() else { return nil }
        switch scheme {
        case "http", "https": return absolute.host?.isEmpty == false ? absolute : nil
        case "file": return absolute.path.isEmpty ? nil : absolute
        default: return nil
        }
    }

    /// A skip reason wrapped as an `Error` for `Result`.
    struct SkipError: Error {
        let reason: SkipReason
        init(_ reason: SkipReason) { self.reason = reason }
    }
}
