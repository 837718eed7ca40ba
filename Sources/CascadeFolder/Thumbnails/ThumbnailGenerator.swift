import Foundation
import Synchronization

/// Makes missing thumbnails when a cover is first asked for, at most two at a time, at the
/// size the cells need.
///
/// The host reports the cells' cover width in device pixels (`setCoverPixelWidth(_:)`) when
/// the feed is laid out; a cover asked for after that gets the standard size that covers it
/// (`ThumbnailSize.needed(coverPixelWidth:aspectRatio:)`), until then `size`. A valid existing
/// thumbnail of that size or larger is reused, whoever made it. Items keep the cover URL they
/// were loaded with; a refresh after the columns grew asks again. A cover drawn larger than the
/// cells' (the banner) is asked for by its item's URL and the box it fills
/// (`cover(replacing:coveringPixelWidth:height:)`).
///
/// A folder feed's items carry the URL their thumbnail has (or will have) in the store;
/// `cover(for:)` registers which video each such URL stands for. When the image pipeline asks
/// for a URL that is not on disk yet (`ThumbnailFetcher`), `thumbnail(at:)` grabs a frame,
/// stores it, and returns its bytes; a video that cannot be thumbnailed gets a `fail/` entry
/// and is not tried again until it changes. Only covers near the viewport are asked for, so
/// generation is lazy by construction.
public final class ThumbnailGenerator: Sendable {
    /// Counters for tests and the bench.
    public struct Counters: Hashable, Sendable {
        /// Frames grabbed and stored.
        public var generated = 0
        /// Grabs that failed (each recorded under `fail/`).
        public var failed = 0
        /// The most grabs that ran at once.
        public var peakConcurrent = 0
    }

    /// Why no thumbnail could be had.
    public enum Failure: Error, Equatable {
        /// The URL is not one this generator registered.
        case unknown
        /// The video failed before (a `fail/` entry exists) or failed now.
        case failed
        /// The request was cancelled while it waited.
        case cancelled
    }

    /// The store thumbnails go to.
    public let store: ThumbnailStore
    /// The size used while no cover width is known.
    public let size: ThumbnailSize
    private let grabber: any FrameGrabbing
    private let gate: AsyncGate
    private let state = Mutex(State())

    private struct State {
        var pending:
            [String: (subject: ThumbnailSubject, duration: Double?, size: ThumbnailSize, aspectRatio: Double)] = [:]
        var counters = Counters()
        var running = 0
        var coverPixelWidth: Int?
        /// Every cover URL handed out, with what it stands for (`cover(replacing:…)` reads it).
        var handedOut: [String: (subject: ThumbnailSubject, duration: Double?, aspectRatio: Double)] = [:]
    }

    // MARK: Lifecycle

    /// Creates a generator; `limit` grabs run at once (2 by default).
    public init(store: ThumbnailStore, grabber: any FrameGrabbing, size: ThumbnailSize, limit: Int = 2) {
        self.store = store
        self.grabber = grabber
        self.size = size
        gate = AsyncGate(limit: limit)
    }

    // MARK: Public API

    /// The counters so far.
    public var counters: Counters { state.withLock { $0.counters } }

    /// Records the cells' cover width in device pixels (the host calls it when the feed is laid
    /// out); widths of zero or less are ignored.
    public func setCoverPixelWidth(_ pixels: Int) {
        guard pixels > 0 else { return }
        state.withLock { $0.coverPixelWidth = pixels }
    }

    /// The size a cover of a video of `aspectRatio` (height over width) needs now.
    public func neededSize(aspectRatio: Double) -> ThumbnailSize {
        guard let width = state.withLock({ $0.coverPixelWidth }) else { return size }
        return ThumbnailSize.needed(coverPixelWidth: width, aspectRatio: aspectRatio)
    }

    /// The cover URL for `subject`: a valid existing thumbnail at the needed size or larger
    /// (ours or another program's), else where ours will be, registered for lazy generation.
    /// - Parameters:
    ///   - subject: the video file the thumbnail stands for.
    ///   - duration: the video's duration in seconds, when known (the grabber picks its frame from it).
    ///   - aspectRatio: the video's height over width (1 when unknown).
    public func cover(for subject: ThumbnailSubject, duration: Double?, aspectRatio: Double = 1) -> URL {
        coverURL(for: subject, duration: duration, aspectRatio: aspectRatio, size: neededSize(aspectRatio: aspectRatio))
    }

    /// The cover URL for a cover drawn larger than the cells' (the banner): `url`, a cover URL this
    /// generator handed out, replaced by one of the same video whose size covers a box of
    /// `width` × `height` device pixels filled with it (`ThumbnailSize.needed(coveringPixelWidth:
    /// height:aspectRatio:)`); a larger existing thumbnail is reused, a missing one is made when
    /// asked for. Any other URL (a remote feed's cover) comes back as it is.
    public func cover(replacing url: URL, coveringPixelWidth width: Int, height: Int) -> URL {
        guard let entry = state.withLock({ $0.handedOut[Self.key(url)] }) else { return url }
        let needed = ThumbnailSize.needed(coveringPixelWidth: width, height: height, aspectRatio: entry.aspectRatio)
        return coverURL(for: entry.subject, duration: entry.duration, aspectRatio: entry.aspectRatio, size: needed)
    }

    /// Whether `url` is a thumbnail this generator may have to make.
    public func isRegistered(_ url: URL) -> Bool {
        state.withLock { $0.pending[Self.key(url)] != nil }
    }

    /// The bytes of the thumbnail at `url`, generating it first when it is missing or stale.
    ///
    /// The size is decided now, not when `cover(for:)` named the URL: a page of items listed
    /// before the feed was laid out (a fast scan) named the default size, and a window made
    /// wider since needs more. So the bytes are those of a valid thumbnail at the larger of the
    /// URL's size and the size needed now, made at that size when missing.
    /// - Throws: `Failure`.
    public func thumbnail(at url: URL) async throws(Failure) -> Data {
        guard let entry = state.withLock({ $0.pending[Self.key(url)] }) else { throw .unknown }
        let size = max(entry.size, neededSize(aspectRatio: entry.aspectRatio))
        let store = store
        func existingData() -> Data? {
            guard let existing = store.existing(for: entry.subject, atLeast: size) else { return nil }
            return try? Data(contentsOf: existing)
        }
        if let data = existingData() { return data }
        if store.hasFailed(entry.subject) { throw .failed }
        guard await gate.enter() else { throw .cancelled }
        defer { Task { await gate.leave() } }
        if Task.isCancelled { throw .cancelled }
        // Another request may have made it while this one waited.
        if let data = existingData() { return data }
        state.withLock {
            $0.running += 1
            $0.counters.peakConcurrent = max($0.counters.peakConcurrent, $0.running)
        }
        let grabber = grabber
        let result = await BlockingWork.run { () -> Result<[UInt8], VideoProbeError> in
            let grabbed = Result { () throws(VideoProbeError) in
                do {
                    return try grabber.thumbnailPNG(
                        path: entry.subject.path, maxEdge: size.pixels, duration: entry.duration)
                } catch let error as VideoProbeError {
                    throw error
                } catch {
                    throw .unreadable("\(error)")
                }
            }
            switch grabbed {
            case .success(let png):
                // A full disk or a read-only cache keeps the thumbnail in memory only: the cover
                // still shows (the store's failure is warned once per folder).
                _ = try? store.store(png: png, for: entry.subject, size: size)
            case .failure:
                try? store.recordFailure(entry.subject)
            }
            return grabbed
        }
        state.withLock { $0.running -= 1 }
        switch result {
        case .success(let png):
            state.withLock { $0.counters.generated += 1 }
            return (try? Data(contentsOf: store.url(for: entry.subject, size: size))) ?? Data(png)
        case .failure:
            state.withLock { $0.counters.failed += 1 }
            throw .failed
        }
    }

    // MARK: Private

    /// A valid existing thumbnail of `subject` at `size` or larger, else where one of `size` will
    /// be, registered for lazy generation; remembered either way.
    private func coverURL(
        for subject: ThumbnailSubject, duration: Double?, aspectRatio: Double, size: ThumbnailSize
    ) -> URL {
        let existing = store.existing(for: subject, atLeast: size)
        let url = existing ?? store.url(for: subject, size: size)
        let key = Self.key(url)
        state.withLock {
            if existing == nil { $0.pending[key] = (subject, duration, size, aspectRatio) }
            $0.handedOut[key] = (subject, duration, aspectRatio)
        }
        return url
    }

    /// Registered URLs are matched after resolving symbolic links, as `FeedReferencePolicy`
    /// hands items on with their links resolved.
    private static func key(_ url: URL) -> String { url.standardizedFileURL.resolvingSymlinksInPath().path }
}
