import CGtk
import CascadeGStreamer
import CascadePlayer
import CascadeScreens

/// The pipeline's bus messages and frames, read into `PlaybackEvent`s for the load they were
/// connected for.
extension PlaybinEngine {
    func connect(_ pipeline: PlaybackPipeline) {
        // The pipeline drops its callbacks when stopped; the identity check also keeps a
        // callback queued before a new `load` from acting on the new one.
        pipeline.onEvent = { [weak self, unowned pipeline] event in
            guard let self, self.pipeline === pipeline else { return }
            self.handle(event, of: pipeline)
        }
        pipeline.onFrame = { [weak self, unowned pipeline] frame in
            guard let self, self.pipeline === pipeline else { return }
            self.show(frame, of: pipeline)
        }
    }

    func scheduleStallCheck() {
        stallTimer = MainLoopTimer.after(seconds: PlaybackTiming.stallCheckInterval) { [weak self] in
            guard let self, let pipeline = self.pipeline else { return }
            let running = self.isPrepared && self.playRequested && self.pendingSeek == nil && !self.reportedFailure
            if let stalled = self.stall.check(at: MonotonicClock.seconds, isPlaying: running) {
                // A stream stuck on its last frame has ended, whether or not GStreamer says so.
                let position = pipeline.position ?? self.lastFramePosition
                if stalled, StallDetector.isEnd(at: position, of: pipeline.duration) {
                    self.handle(.ended, of: pipeline)
                    return
                }
                self.onEvent?(.buffering(stalled))
            }
            guard self.pipeline === pipeline else { return }
            self.scheduleStallCheck()
        }
    }

    // MARK: Private

    func handle(_ event: PlaybackPipeline.Event, of pipeline: PlaybackPipeline) {
        switch event {
        case .settled where !isPrepared && reopenPosition != nil:
            // Opened again for a dropped subtitle file: on from where it was, not a new `ready`.
            isPrepared = true
            watchdog?.cancel()
            watchdog = nil
            if let position = reopenPosition { pipeline.setRate(rate, from: position) }
            reopenPosition = nil
            applyTracks(of: pipeline)
            if playRequested { pipeline.play() }
        case .settled where !isPrepared:
            isPrepared = true
            watchdog?.cancel()
            watchdog = nil
            onEvent?(.ready(duration: pipeline.duration ?? 0))
            if rate != 1 { pipeline.setRate(rate, from: 0) }
            applyTracks(of: pipeline)
            if playRequested { pipeline.play() }
        case .settled:
            if let position = pipeline.position { onEvent?(.position(position)) }
            finishSeek(true)
        case .durationChanged:
            guard isPrepared, let duration = pipeline.duration else { return }
            onEvent?(.durationChanged(duration))
        case .buffering(let percent):
            onEvent?(.buffering(percent < 100))
        case .ended:
            // The end stops the position where it is; the controller decides what follows.
            stallTimer?.cancel()
            stallTimer = nil
            onEvent?(.ended)
        case .streamsChanged:
            if isPrepared { applyTracks(of: pipeline) }
            onTracksChanged?()
        case .failed(let message):
            if reopenAfterSubtitleFailure() { return }
            fail(PlaybackFailureText.userMessage(fromGStreamer: message))
        }
    }

    /// The memory format of a frame's texture. A frame is opaque, so its bytes are the same
    /// straight or premultiplied: straight for cairo, which GDK 4.8 converts with integers on
    /// every draw (`cascade-bench gtk`'s `texture.cairo-download-video`), premultiplied for GL,
    /// which uploads it as it is.
    package static func frameFormat(drawnByCairo: Bool) -> GdkMemoryFormat {
        drawnByCairo ? GDK_MEMORY_B8G8R8A8 : GDK_MEMORY_B8G8R8A8_PREMULTIPLIED
    }

    /// A GDK memory texture holding a copy of `frame`'s pixels (owned by the caller).
    func texture(from frame: PreviewFrame) -> OpaquePointer? {
        let byteCount = frame.bytesPerRow * (frame.height - 1) + frame.width * 4
        let bytes = g_bytes_new(frame.pixels, gsize(clamping: byteCount))
        defer { g_bytes_unref(bytes) }
        return gdk_memory_texture_new(
            Int32(clamping: frame.width), Int32(clamping: frame.height),
            Self.frameFormat(drawnByCairo: drawnByCairo), bytes,
            gsize(clamping: frame.bytesPerRow))
    }

    private func show(_ frame: PreviewFrame, of pipeline: PlaybackPipeline) {
        guard let texture = texture(from: frame) else { return }
        show(texture, at: frame.position, of: pipeline)
    }

    /// Shows `texture` (taking its reference), a frame at `framePosition` of `pipeline`.
    func show(_ texture: OpaquePointer, at framePosition: Double?, of pipeline: PlaybackPipeline) {
        setPaintable(texture)
        lastFramePosition = framePosition
        onFrame?()
        if !firstFrameSeen {
            firstFrameSeen = true
            onFirstFrame?()
        }
        // Playing, the pipeline's clock gives the position; paused (a preroll, a frame step) the
        // frame shown is the position, which the audio sink did not step to.
        let position = playRequested ? pipeline.position ?? framePosition : framePosition ?? pipeline.position
        guard isPrepared, pendingSeek == nil, let position else { return }
        onEvent?(.position(position))
        if let stalled = stall.position(position, at: MonotonicClock.seconds) { onEvent?(.buffering(stalled)) }
    }

    /// Reports a failure on the next main-loop iteration, so `load` never calls back from inside `load`.
    func failSoon(_ message: String) {
        reportedFailure = false
        deferredFailure = MainLoopTimer.after(seconds: 0) { [weak self] in
            self?.deferredFailure = nil
            self?.fail(message)
        }
    }
}
