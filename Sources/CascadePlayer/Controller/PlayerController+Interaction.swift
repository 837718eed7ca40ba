import Foundation

/// Fullscreen, the controls overlay, drags and keys.
extension PlayerController {
    // MARK: Fullscreen

    /// Asks the host to enter or leave fullscreen (nothing if already there).
    public func requestFullscreen(_ fullscreen: Bool) {
        guard fullscreen != snapshot.isFullscreen else { return }
        if let onFullscreenRequest {
            onFullscreenRequest(fullscreen)
        } else {
            fullscreenDidChange(fullscreen)
        }
    }

    /// Enters fullscreen if not in it, else leaves it.
    public func toggleFullscreen() {
        autoHide.interact()
        requestFullscreen(!snapshot.isFullscreen)
    }

    /// The host finished a fullscreen transition (asked for or not, e.g. the window manager).
    /// Leaving fullscreen after the end of playback completes the stop.
    public func fullscreenDidChange(_ fullscreen: Bool) {
        update { $0.isFullscreen = fullscreen }
        if !fullscreen && isAwaitingFullscreenExitToStop {
            stop()
        }
    }

    // MARK: Controls overlay

    /// A tap (click) on the video: hides visible controls while playing, shows hidden ones.
    public func controlsTapped() {
        autoHide.tap()
    }

    /// The pointer moved over the video: shows the controls and restarts the hide countdown.
    public func pointerMoved() {
        autoHide.interact()
    }

    // MARK: Drags

    /// A drag started at `location` with `velocity` (zero if unknown) over a view of `size`.
    public func panBegan(at location: CGPoint, velocity: CGPoint, in size: CGSize) {
        autoHide.interact()
        let context = PanGestureResolver.Context(
            position: snapshot.position, duration: canSeek ? snapshot.duration : 0, volume: snapshot.volume,
            brightness: snapshot.brightness)
        var resolver = PanGestureResolver(size: size, context: context)
        resolver.begin(at: location, velocity: velocity)
        pan = resolver
    }

    /// The drag moved by `translation` since it began.
    public func panChanged(translation: CGPoint) {
        guard var resolver = pan else { return }
        autoHide.interact()
        let action = resolver.change(translation: translation)
        pan = resolver
        if let action { apply(action) }
    }

    /// The drag ended: a horizontal drag seeks to the previewed position.
    public func panEnded() {
        guard var resolver = pan else { return }
        pan = nil
        autoHide.interact()
        if let action = resolver.end() {
            apply(action)
        } else {
            update { $0.scrubPosition = nil }
        }
    }

    /// The drag was cancelled: the preview is dropped without seeking.
    public func panCancelled() {
        pan = nil
        update { $0.scrubPosition = nil }
    }

    /// The direction of the drag in progress, if any.
    public var panDirection: PanGestureResolver.Direction? { pan?.direction }

    // MARK: Keys

    /// Runs a key command; returns whether it did anything (so the host can let unhandled keys,
    /// such as Esc outside fullscreen, propagate).
    @discardableResult
    public func perform(_ command: PlayerKeyCommand) -> Bool {
        autoHide.interact()
        switch command {
        case .togglePlayPause:
            togglePlayPause()
            return true
        case .seek(let delta):
            guard canSeek else { return false }
            seek(by: delta)
            return true
        case .changeVolume(let delta):
            setVolume(snapshot.volume + delta)
            return true
        case .toggleFullscreen:
            toggleFullscreen()
            return true
        case .exitFullscreen:
            guard snapshot.isFullscreen else { return false }
            requestFullscreen(false)
            return true
        }
    }

    /// Runs the command for a key name (see `PlayerKeyCommand.command(forKey:)`); returns
    /// whether the key did anything.
    @discardableResult
    public func handleKey(named name: String) -> Bool {
        guard let command = PlayerKeyCommand.command(forKey: name) else { return false }
        return perform(command)
    }

    // MARK: Internal

    var canSeek: Bool {
        snapshot.state == .playing || snapshot.state == .paused
    }

    func apply(_ action: PanGestureResolver.Action) {
        switch action {
        case .seekPreview(let target):
            update { $0.scrubPosition = target }
        case .seekCommit(let target):
            update { $0.scrubPosition = nil }
            seek(to: target)
        case .volume(let value):
            setVolume(value)
        case .brightness(let value):
            setBrightness(value)
        }
    }
}
