import CascadeNumerics
import Foundation

/// What the engine reports, and the end of playback.
extension PlayerController {
    /// Applies one engine event from `session`; events of older sessions (a stopped or failed
    /// pipeline) are dropped.
    func handle(_ event: PlaybackEvent, session: Int) {
        guard session == self.session else { return }
        switch event {
        case .ready(let duration):
            let wasLoading = snapshot.state == .loading
            let landing: PlayerState = wantsPlayback ? .playing : .paused
            update {
                $0.duration = Self.seconds(duration)
                if wasLoading { $0.state = landing }
            }
            // `onChange` may have stopped or restarted playback.
            guard wasLoading, self.session == session else { return }
            if let target = pendingSeek {
                pendingSeek = nil
                performSeek(to: clampToDuration(target))
            }
        case .durationChanged(let duration):
            update { $0.duration = Self.seconds(duration) }
        case .position(let position):
            guard position.isFinite, !snapshot.isSeeking, snapshot.state != .ended, pendingSeek == nil else {
                return
            }
            resumePosition = clampToDuration(position)
            update { $0.position = clampToDuration(position) }
            recordWhilePlaying()
        case .buffering(let buffering):
            update { $0.isBuffering = buffering }
            watchBuffering(buffering, session: session)
        case .bufferedRanges(let ranges):
            update { $0.bufferedRanges = ranges.filter { $0.lowerBound.isFinite && $0.upperBound.isFinite } }
        case .ended:
            guard snapshot.state == .playing || snapshot.state == .paused else { return }
            playbackEnded()
        case .failed(let message):
            engineFailed(message.isEmpty ? "The video cannot be played." : message)
        }
    }

    /// Releases the engine after a failure and shows a retryable error.
    func engineFailed(_ message: String) {
        resumePosition = snapshot.position
        rememberPosition()
        session += 1
        wantsPlayback = false
        pendingSeek = nil
        cancelBufferingWatch()
        engine.onEvent = nil
        engine.stop()
        update {
            $0.state = .failed(message: message, retryable: true)
            $0.isBuffering = false
            $0.isSeeking = false
            $0.scrubPosition = nil
        }
    }

    /// Fails playback that has buffered for `Configuration.bufferingTimeout` seconds while
    /// playing, so a dead connection after `ready` ends in a retryable error, not a spinner.
    func watchBuffering(_ buffering: Bool, session: Int) {
        guard buffering else {
            cancelBufferingWatch()
            return
        }
        guard bufferingWatch == nil else { return }
        let timeout = configuration.bufferingTimeout
        bufferingWatch = scheduler.schedule(after: timeout) { [weak self] in
            guard let self, self.session == session else { return }
            self.bufferingWatch = nil
            guard self.snapshot.isBuffering, self.snapshot.state == .playing else { return }
            self.engineFailed("The video stopped loading (no data for \(Int(saturatingRounded: timeout)) s).")
        }
    }

    func cancelBufferingWatch() {
        bufferingWatch?.cancel()
        bufferingWatch = nil
    }

    func playbackEnded() {
        wantsPlayback = false
        resumePosition = 0
        if let resumeStore, let source { resumeStore.finished(source.absoluteString) }
        update {
            $0.state = .ended
            $0.position = $0.duration
            $0.isBuffering = false
        }
        // `onChange` may already have stopped or restarted playback.
        guard snapshot.state == .ended else { return }
        guard snapshot.isFullscreen else {
            stop()
            return
        }
        isAwaitingFullscreenExitToStop = true
        pendingStop = scheduler.schedule(after: configuration.fullscreenExitTimeout) { [weak self] in
            guard let self, self.isAwaitingFullscreenExitToStop else { return }
            self.stop()
        }
        requestFullscreen(false)
    }

    static func seconds(_ value: Double) -> Double {
        value.isFinite ? max(0, value) : 0
    }
}
