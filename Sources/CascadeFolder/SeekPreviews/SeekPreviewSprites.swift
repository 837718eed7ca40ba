import Foundation

/// Makes a video's seek-preview sprite: the frames at `plan.positions`, each `plan.tileWidth` ×
/// `plan.tileHeight`, laid out as the plan says, as PNG bytes. A blocking call, bounded in time
/// by the maker.
public protocol SpriteMaking: Sendable {
    /// The sprite of the video at `video` (a local file, or an http(s) URL read with range
    /// requests).
    /// - Throws: `VideoProbeError`.
    func spritePNG(video: URL, plan: SeekPreviewPlan) throws -> [UInt8]
}

/// A video's seek-preview sprite, made lazily: the first ask for a file makes it (on a thread of
/// its own, one sprite at a time for the process) unless the store has it; asks for the same
/// file while it is made wait for that one; a sprite the store cannot keep (a full or read-only
/// disk) is still returned, and remembered in memory for the session.
public actor SeekPreviewSprites {
    private let store: SeekPreviewStore
    private let maker: any SpriteMaking
    private var inFlight: [String: Task<[UInt8]?, Never>] = [:]
    private var unstored: [String: [UInt8]] = [:]

    /// Sprites made by `maker`, kept in `store`.
    public init(store: SeekPreviewStore, maker: any SpriteMaking) {
        self.store = store
        self.maker = maker
    }

    /// The sprite (PNG) of `video` under `plan`, or nil when a local file is gone, the URL is
    /// neither a file nor http(s), or no frame could be decoded. A local file's sprite is
    /// remade when the file changes; a remote one is known by its URL and duration alone.
    public func sprite(video: URL, plan: SeekPreviewPlan) async -> [UInt8]? {
        let subject: ThumbnailSubject
        if video.isFileURL {
            guard let local = ThumbnailSubject(fileAt: video.path) else { return nil }
            subject = local
        } else if video.scheme == "http" || video.scheme == "https" {
            subject = ThumbnailSubject(remoteVideo: video)
        } else {
            return nil
        }
        let key = subject.uri + "|" + String(subject.mtime) + "|" + String(plan.count)
        if let png = unstored[key] { return png }
        if let task = inFlight[key] { return await task.value }
        let store = store
        let maker = maker
        let task = Task<[UInt8]?, Never> {
            if let png = store.load(for: subject, plan: plan) { return png }
            return await Self.make(video: video, plan: plan, maker: maker)
        }
        inFlight[key] = task
        let png = await task.value
        inFlight[key] = nil
        if let png, store.load(for: subject, plan: plan) == nil {
            do {
                try store.store(png, for: subject, plan: plan)
            } catch {
                unstored[key] = png
            }
        }
        return png
    }

    // MARK: Private

    private static let queue = DispatchQueue(label: "cascade.seek-previews", qos: .utility)

    private static func make(video: URL, plan: SeekPreviewPlan, maker: any SpriteMaking) async -> [UInt8]? {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: try? maker.spritePNG(video: video, plan: plan)) }
        }
    }
}
