import Foundation
import Synchronization

/// Loads images for cells: memory cache → disk cache → fetch → decode (downsampled to the
/// request's target size) → store.
///
/// - Identical requests (same URL and target size) in flight at once share one fetch and one
///   decode; the shared work is cancelled only when every requester has cancelled.
/// - Fetches and decodes run with bounded concurrency (6 and 2 by default) through priority
///   queues: a visible request overtakes queued prefetches, and a visible requester joining a
///   queued prefetch raises it. Decodes run on `BackgroundThreads.decoding`, below the main
///   thread's CPU priority, so a burst of decodes does not slow the frame being drawn.
/// - Nothing but delivery touches the main thread: `load(_:completion:)` delivers on the main
///   actor; `image(for:)` is `async`. A memory-cache hit is answered synchronously.
/// - Original bytes of `http(s)` images go to the disk cache once they decoded; `file` URLs are
///   not copied there. A disk entry that fails to decode is deleted and fetched again, once.
///
/// ```swift
/// let pipeline = ImagePipeline(
///     decoder: PixbufImageDecoder(),
///     diskCache: try DiskImageCache(directory: cacheDirectory.appendingPathComponent("images")))
/// let task = pipeline.load(ImageRequest(url: cover, targetSize: PixelSize(width: 300, height: 400))) {
///     result in ...  // on the main actor
/// }
/// task.cancel()  // when the cell is reused
/// ```
public final class ImagePipeline: Sendable {
    private struct State {
        var jobs: [ImageCacheKey: ImageLoadJob] = [:]
        var nextID: UInt64 = 0
    }

    /// Decoded images by URL + target size, or nil for no memory caching.
    public let memoryCache: MemoryImageCache?
    /// Original bytes by URL, or nil for no disk caching.
    public let diskCache: DiskImageCache?
    let fetcher: any DataFetching
    let decoder: any ImageDecoding
    let fetchGate: PriorityGate
    let decodeGate: PriorityGate
    private let state = Mutex(State())
    private static let diskQueue = DispatchQueue(label: "cascade.images.disk", qos: .utility, attributes: .concurrent)

    // MARK: Lifecycle

    /// Creates a pipeline.
    ///
    /// - Parameters:
    ///   - decoder: turns bytes into downsampled pixels (`PixbufImageDecoder` on Linux).
    ///   - fetcher: the transport (`URLSessionDataFetcher` by default: http(s) with a 15 s
    ///     timeout, file reads).
    ///   - memoryCache: the decoded-image cache (a default-sized `MemoryImageCache` unless nil).
    ///   - diskCache: the original-bytes cache (none unless given).
    ///   - maxConcurrentFetches: fetches running at once (at least 1).
    ///   - maxConcurrentDecodes: decodes running at once (at least 1).
    public init(
        decoder: any ImageDecoding, fetcher: any DataFetching = URLSessionDataFetcher(),
        memoryCache: MemoryImageCache? = MemoryImageCache(), diskCache: DiskImageCache? = nil,
        maxConcurrentFetches: Int = 6, maxConcurrentDecodes: Int = 2
    ) {
        self.decoder = decoder
        self.fetcher = fetcher
        self.memoryCache = memoryCache
        self.diskCache = diskCache
        fetchGate = PriorityGate(limit: maxConcurrentFetches)
        decodeGate = PriorityGate(limit: maxConcurrentDecodes)
    }

    // MARK: Public API

    /// The image in the memory cache for `request`, if any (synchronous, any thread).
    public func cachedImage(for request: ImageRequest) -> DecodedImage? {
        memoryCache?.image(for: request.cacheKey)
    }

    /// Loads the image for `request`.
    ///
    /// Cancelling the calling task withdraws this requester; the shared work stops when no
    /// requester is left.
    ///
    /// - Throws: `ImagePipelineError` (`.cancelled` when the calling task was cancelled).
    public func image(for request: ImageRequest) async throws(ImagePipelineError) -> DecodedImage {
        if let image = cachedImage(for: request) { return image }
        let handle = SubscriptionHandle()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<DecodedImage, ImagePipelineError>, Never>) in
                let subscription = subscribe(request) { continuation.resume(returning: $0) }
                handle.attach(subscription, pipeline: self)
            }
        } onCancel: {
            handle.cancel(pipeline: self)
        }
        return try result.get()
    }

    /// Loads the image for `request` and calls `completion` on the main actor, exactly once,
    /// unless the returned task is cancelled first (then never).
    ///
    /// On a memory-cache hit `completion` runs before this method returns, so a cell shows a
    /// cached image in the same frame it was bound.
    @MainActor
    @discardableResult
    public func load(
        _ request: ImageRequest,
        completion: @escaping @MainActor @Sendable (Result<DecodedImage, ImagePipelineError>) -> Void
    ) -> ImageTask {
        if let image = cachedImage(for: request) {
            let task = ImageTask(request: request, pipeline: nil)
            _ = task.markCompleted()
            completion(.success(image))
            return task
        }
        let task = ImageTask(request: request, pipeline: self)
        let subscription = subscribe(request) { result in
            Task { @MainActor in
                if task.markCompleted() { completion(result) }
            }
        }
        task.attach(subscription)
        return task
    }

    /// The number of distinct loads in flight (fetching, queued or decoding). Zero means idle.
    public var inFlightCount: Int { state.withLock { $0.jobs.count } }

    // MARK: Internal

    /// The number of requesters waiting for the in-flight work of `request` (for tests).
    func subscriberCount(for request: ImageRequest) -> Int {
        state.withLock { $0.jobs[request.cacheKey]?.subscribers.count ?? 0 }
    }

    /// Adds a requester for `request`, starting the shared work if none is in flight.
    ///
    /// `deliver` is called exactly once, on an arbitrary thread: with the image, the error, or
    /// `.cancelled` after `cancel(_:)`. On a memory-cache hit it is called before this returns,
    /// and the result is nil.
    func subscribe(
        _ request: ImageRequest, deliver: @escaping @Sendable (Result<DecodedImage, ImagePipelineError>) -> Void
    ) -> ImageSubscription? {
        let key = request.cacheKey
        if let image = memoryCache?.image(for: key) {
            deliver(.success(image))
            return nil
        }
        let outcome: (ImageSubscription?, DecodedImage?) = state.withLock { state in
            state.nextID += 1
            let subscriberID = state.nextID
            let subscriber = ImageLoadJob.Subscriber(priority: request.priority, deliver: deliver)
            if let job = state.jobs[key] {
                job.subscribers[subscriberID] = subscriber
                updatePriority(of: job)
                return (ImageSubscription(key: key, jobID: job.id, id: subscriberID), nil)
            }
            // A job that finished since the lookup above has already filled the memory cache.
            if let image = memoryCache?.image(for: key) { return (nil, image) }
            state.nextID += 1
            let job = ImageLoadJob(id: state.nextID, request: request)
            job.subscribers[subscriberID] = subscriber
            state.jobs[key] = job
            updatePriority(of: job)
            let taskPriority: TaskPriority = request.priority == .visible ? .userInitiated : .utility
            job.task = Task.detached(priority: taskPriority) { [self] in await run(job) }
            return (ImageSubscription(key: key, jobID: job.id, id: subscriberID), nil)
        }
        if let image = outcome.1 { deliver(.success(image)) }
        return outcome.0
    }

    /// Withdraws one requester: it receives `.cancelled`; the shared work is cancelled if it was
    /// the last. Does nothing if the requester was already served.
    func cancel(_ subscription: ImageSubscription) {
        let outcome: (ImageLoadJob.Subscriber?, Task<Void, Never>?) = state.withLock { state in
            guard let job = state.jobs[subscription.key], job.id == subscription.jobID,
                let subscriber = job.subscribers.removeValue(forKey: subscription.id)
            else { return (nil, nil) }
            if job.subscribers.isEmpty {
                state.jobs[subscription.key] = nil
                return (subscriber, job.task)
            }
            updatePriority(of: job)
            return (subscriber, nil)
        }
        outcome.1?.cancel()
        outcome.0?.deliver(.failure(.cancelled))
    }

    // MARK: Private

    /// Tells the gates the job's priority. Called with the state lock held (lock order:
    /// pipeline, then gate; the gates never call back).
    private func updatePriority(of job: ImageLoadJob) {
        let priority = job.priority
        fetchGate.setPriority(priority, for: job.id)
        decodeGate.setPriority(priority, for: job.id)
    }

    private func run(_ job: ImageLoadJob) async {
        let result: Result<DecodedImage, ImagePipelineError>
        do {
            result = .success(try await produce(job))
        } catch {
            result = .failure(Task.isCancelled ? .cancelled : Self.pipelineError(error))
        }
        fetchGate.forget(job.id)
        decodeGate.forget(job.id)
        if case .success(let image) = result { memoryCache?.insert(image, for: job.key) }
        let subscribers: [ImageLoadJob.Subscriber] = state.withLock { state in
            if state.jobs[job.key] === job { state.jobs[job.key] = nil }
            defer { job.subscribers = [:] }
            return Array(job.subscribers.values)
        }
        for subscriber in subscribers { subscriber.deliver(result) }
    }

    private func produce(_ job: ImageLoadJob) async throws -> DecodedImage {
        let disk = job.url.isFileURL ? nil : diskCache
        if let disk, let data = await Self.onDiskQueue({ disk.data(for: job.url) }) {
            do {
                return try await decode(data, for: job)
            } catch is ImageDecodingError {
                // Damaged entry: forget it and fetch the original again (once).
                disk.removeData(for: job.url)
            }
        }
        try Task.checkCancellation()
        let data = try await fetch(job)
        let image = try await decode(data, for: job)
        if let disk { _ = await Self.onDiskQueue { disk.store(data, for: job.url) } }
        return image
    }

    private func fetch(_ job: ImageLoadJob) async throws -> Data {
        try await fetchGate.acquire(id: job.id, priority: .prefetch)
        defer { fetchGate.release() }
        try Task.checkCancellation()
        return try await fetcher.fetch(job.url)
    }

    private func decode(_ data: Data, for job: ImageLoadJob) async throws -> DecodedImage {
        try await decodeGate.acquire(id: job.id, priority: .prefetch)
        defer { decodeGate.release() }
        try Task.checkCancellation()
        let decoder = decoder
        let targetSize = job.targetSize
        return try await withCheckedThrowingContinuation { continuation in
            BackgroundThreads.decoding.run {
                // A decoder that throws its own error type still reports a decode failure.
                let result = Result { try decoder.decode(data, targetSize: targetSize) }.mapError {
                    error -> any Error in
                    error is ImageDecodingError ? error : ImageDecodingError.corrupt(String(describing: error))
                }
                continuation.resume(with: result)
            }
        }
    }

    private static func onDiskQueue<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            diskQueue.async { continuation.resume(returning: body()) }
        }
    }

    private static func pipelineError(_ error: any Error) -> ImagePipelineError {
        switch error {
        case let error as ImagePipelineError: return error
        case let error as ImageDecodingError: return .decode(error)
        case is CancellationError: return .cancelled
        default: return .fetchFailed(String(describing: error))
        }
    }
}

/// Carries a subscription to a cancellation handler that may run before it exists.
private final class SubscriptionHandle: Sendable {
    private enum State {
        case waiting
        case attached(ImageSubscription)
        case cancelled
    }

    private let state = Mutex(State.waiting)

    func attach(_ subscription: ImageSubscription?, pipeline: ImagePipeline) {
        guard let subscription else { return }
        let cancelNow: Bool = state.withLock { state in
            if case .cancelled = state { return true }
            state = .attached(subscription)
            return false
        }
        if cancelNow { pipeline.cancel(subscription) }
    }

    func cancel(pipeline: ImagePipeline) {
        let subscription: ImageSubscription? = state.withLock { state in
            defer { state = .cancelled }
            if case .attached(let subscription) = state { return subscription }
            return nil
        }
        if let subscription { pipeline.cancel(subscription) }
    }
}
