import Foundation

/// Binds image requests to reusable views (cells), so a reused view never shows a stale image.
///
/// Each view is named by a token (any `Hashable`: an `ObjectIdentifier`, a widget pointer, a
/// cell index in the reuse pool). Binding a request to a token cancels that token's previous
/// request, and a result is delivered only if it belongs to the token's current binding: a late
/// completion of an old request never reaches the rebound view.
///
/// ```swift
/// binder.bind(ImageRequest(url: item.cover, targetSize: size), to: ObjectIdentifier(cell)) { state in
///     switch state {
///     case .placeholder, .loading: cell.showPlaceholder()
///     case .image(let image): cell.show(image)
///     case .failure: cell.showErrorImage()
///     }
/// }
/// ```
@MainActor
public final class ImageBinder {
    private struct Binding {
        let generation: UInt64
        let request: ImageRequest?
        var task: ImageTask?
        var state: ImageBindingState
    }

    /// The pipeline the binder loads through.
    public let pipeline: ImagePipeline
    private var bindings: [AnyHashable: Binding] = [:]
    private var generation: UInt64 = 0

    // MARK: Lifecycle

    /// Creates a binder over `pipeline`.
    public init(pipeline: ImagePipeline) {
        self.pipeline = pipeline
    }

    // MARK: Public API

    /// Binds `request` to the view named `token`, cancelling what the token showed before.
    ///
    /// `update` receives the states of this binding only: `.placeholder` when `request` is nil;
    /// otherwise `.image` at once on a memory-cache hit, or `.loading` now and later `.image` or
    /// `.failure`. Binding the same request again to a token that is loading it or shows it
    /// keeps the work going and just reports the current state to the new `update`.
    public func bind<Token: Hashable>(
        _ request: ImageRequest?, to token: Token, update: @escaping @MainActor @Sendable (ImageBindingState) -> Void
    ) {
        let token = AnyHashable(token)
        if let current = bindings[token], let request, let bound = current.request,
            bound.cacheKey == request.cacheKey
        {
            switch current.state {
            case .image, .loading:
                rebindKeepingWork(token, current: current, update: update)
                return
            case .placeholder, .failure: break
            }
        }
        bindings[token]?.task?.cancel()
        generation += 1
        let generation = generation
        guard let request else {
            bindings[token] = Binding(generation: generation, request: nil, task: nil, state: .placeholder)
            update(.placeholder)
            return
        }
        if let image = pipeline.cachedImage(for: request) {
            bindings[token] = Binding(generation: generation, request: request, task: nil, state: .image(image))
            update(.image(image))
            return
        }
        bindings[token] = Binding(generation: generation, request: request, task: nil, state: .loading)
        update(.loading)
        let task = pipeline.load(request) { [weak self] result in
            self?.deliver(result, to: token, generation: generation, update: update)
        }
        if bindings[token]?.generation == generation { bindings[token]?.task = task }
    }

    /// Cancels the token's request and forgets the token (call when the view is destroyed).
    public func unbind<Token: Hashable>(_ token: Token) {
        bindings.removeValue(forKey: AnyHashable(token))?.task?.cancel()
    }

    /// Cancels every binding.
    public func unbindAll() {
        for binding in bindings.values { binding.task?.cancel() }
        bindings = [:]
    }

    /// The current state of the view named `token`, or nil if it is not bound.
    public func state<Token: Hashable>(for token: Token) -> ImageBindingState? {
        bindings[AnyHashable(token)]?.state
    }

    /// The request bound to `token`, if any.
    public func request<Token: Hashable>(for token: Token) -> ImageRequest? {
        bindings[AnyHashable(token)]?.request
    }

    /// The number of bound tokens.
    public var count: Int { bindings.count }

    // MARK: Private

    private func rebindKeepingWork(
        _ token: AnyHashable, current: Binding, update: @escaping @MainActor @Sendable (ImageBindingState) -> Void
    ) {
        if case .loading = current.state, let request = current.request {
            // Replace the old callback: the old task is cancelled only after the new one joined
            // the same in-flight work, so the work never stops.
            generation += 1
            let generation = generation
            bindings[token] = Binding(generation: generation, request: request, task: nil, state: .loading)
            update(.loading)
            let task = pipeline.load(request) { [weak self] result in
                self?.deliver(result, to: token, generation: generation, update: update)
            }
            current.task?.cancel()
            if bindings[token]?.generation == generation { bindings[token]?.task = task }
            return
        }
        update(current.state)
    }

    private func deliver(
        _ result: Result<DecodedImage, ImagePipelineError>, to token: AnyHashable, generation: UInt64,
        update: @MainActor (ImageBindingState) -> Void
    ) {
        guard bindings[token]?.generation == generation else { return }
        let state: ImageBindingState
        switch result {
        case .success(let image): state = .image(image)
        case .failure(let error): state = .failure(error)
        }
        bindings[token]?.state = state
        bindings[token]?.task = nil
        update(state)
    }
}
