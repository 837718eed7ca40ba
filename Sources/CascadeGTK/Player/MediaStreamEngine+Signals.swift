import CGtk
import CascadePlayer
import CascadeScreens

/// The stream's notify signals, read into `PlaybackEvent`s for the load they were connected for.
extension MediaStreamEngine {
    func connectSignals(_ stream: UnsafeMutablePointer<GtkMediaStream>) {
        let instance = UnsafeMutableRawPointer(stream)
        reportedFailure = false
        generation += 1
        let generation = self.generation
        // Handlers deferred from GStreamer threads may run after `stop` or a new `load`: act only for their load.
        func on(_ action: @escaping @MainActor (MediaStreamEngine) -> Void) -> @MainActor () -> Void {
            { [weak self] in
                guard let self, self.generation == generation else { return }
                action(self)
            }
        }
        connections = [
            Signal.connectNotify(instance, "prepared", on { $0.preparedChanged() }),
            Signal.connectNotify(instance, "duration", on { $0.durationChanged() }),
            Signal.connectNotify(instance, "timestamp", on { $0.timestampChanged() }),
            Signal.connectNotify(instance, "ended", on { $0.endedChanged() }),
            Signal.connectNotify(instance, "error", on { $0.reportErrorIfAny() }),
            Signal.connectNotify(instance, "seeking", on { $0.seekingChanged() }),
            Signal.connect(instance, "invalidate-contents", on { $0.frameArrived() }),
        ].map { (instance, $0) }
    }

    private func preparedChanged() {
        guard let stream, gtk_media_stream_is_prepared(stream) != 0 else { return }
        watchdog?.cancel()
        watchdog = nil
        onEvent?(.ready(duration: Self.seconds(gtk_media_stream_get_duration(stream))))
    }

    private func durationChanged() {
        guard let stream, gtk_media_stream_is_prepared(stream) != 0 else { return }
        onEvent?(.durationChanged(Self.seconds(gtk_media_stream_get_duration(stream))))
    }

    private func timestampChanged() {
        guard let stream else { return }
        let position = Self.seconds(gtk_media_stream_get_timestamp(stream))
        onEvent?(.position(position))
        if let stalled = stall.position(position, at: MonotonicClock.seconds) { onEvent?(.buffering(stalled)) }
    }

    func scheduleStallCheck() {
        stallTimer = MainLoopTimer.after(seconds: PlaybackTiming.stallCheckInterval) { [weak self] in
            guard let self, let stream = self.stream else { return }
            let running =
                gtk_media_stream_is_prepared(stream) != 0 && gtk_media_stream_get_playing(stream) != 0
                && gtk_media_stream_get_ended(stream) == 0 && gtk_media_stream_is_seeking(stream) == 0
                && gtk_media_stream_get_error(stream) == nil
            if let stalled = self.stall.check(at: MonotonicClock.seconds, isPlaying: running) {
                self.onEvent?(.buffering(stalled))
            }
            guard self.stream == stream else { return }
            self.scheduleStallCheck()
        }
    }

    private func endedChanged() {
        guard let stream, gtk_media_stream_get_ended(stream) != 0 else { return }
        onEvent?(.ended)
    }

    private func seekingChanged() {
        guard let stream, gtk_media_stream_is_seeking(stream) == 0 else { return }
        finishSeek(gtk_media_stream_get_error(stream) == nil)
    }

    private func frameArrived() {
        guard !firstFrameSeen else { return }
        firstFrameSeen = true
        onFirstFrame?()
    }

    func reportErrorIfAny() {
        guard let stream, let error = gtk_media_stream_get_error(stream) else { return }
        let message = error.pointee.message.map { String(cString: $0) } ?? ""
        fail(PlaybackFailureText.userMessage(fromGStreamer: message))
    }
}
