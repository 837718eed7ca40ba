import CascadeGStreamer
import CascadePlayer
import CascadeScreens
import Foundation

/// Opening a probed source: the pipeline made, its subtitle found, and never a third player
/// pipeline alive while there is time to wait for room.
extension PlaybinEngine {
    /// Opens `url` if the probe found a video (or could not read it: GStreamer then reports
    /// its own error), fails with the player's refusal otherwise.
    func proceed(with outcome: MediaProbe.Outcome, url: URL, failLater: Bool) {
        let refusal: String
        switch outcome {
        case .classified(let signature) where signature.isVideo:
            open(url, failLater: failLater)
            return
        case .unreadable:
            open(url, failLater: failLater)
            return
        case .classified(let signature):
            refusal = signature.refusal ?? "This isn't a video."
        case .refused(let message):
            refusal = message
        }
        if failLater { failSoon(refusal) } else { fail(refusal) }
    }

    /// Creates the pipeline for a probed source and prerolls it. Never a third player pipeline
    /// while `waited` is under `PlaybackTiming.roomWait`: a neighbour's pre-roll gives way, and
    /// pipelines stopped before they settled (moves faster than a video prepares) are waited for.
    func open(_ url: URL, failLater: Bool, subtitles: Bool = true, waited: Double = 0) {
        if PlaybackPipeline.livePipelines >= Self.maxLivePipelines, preroll != nil { releasePreroll() }
        if PlaybackPipeline.livePipelines >= Self.maxLivePipelines, waited < PlaybackTiming.roomWait {
            openedURL = url
            let load = loadCount
            deferredOpen = MainLoopTimer.after(seconds: PlaybackTiming.roomPoll) { [weak self] in
                guard let self, self.loadCount == load else { return }
                self.deferredOpen = nil
                self.open(url, failLater: failLater, subtitles: subtitles, waited: waited + PlaybackTiming.roomPoll)
            }
            return
        }
        openedURL = url
        let pipeline: PlaybackPipeline
        do {
            let file = subtitles ? droppedSubtitle ?? SubtitleSidecar.find(for: url) : nil
            let address = file.flatMap { SubtitleSource.uri(for: $0) }
            subtitle = address == nil ? nil : file
            pipeline = try PlaybackPipeline(
                uri: url.absoluteString, subtitleURI: address, subtitleFont: SubtitleFont.description(uiFont: uiFont))
        } catch {
            let message = "GStreamer could not play \(url.absoluteString) (\(error))"
            if failLater { failSoon(message) } else { fail(message) }
            return
        }
        self.pipeline = pipeline
        isPrepared = false
        firstFrameSeen = reopenPosition != nil
        steppedSincePlay = false
        lastFramePosition = nil
        choiceAppliedTo = []
        pipeline.setVolume(volume)
        connect(pipeline)
        stall.reset()
        scheduleStallCheck()
        if !pipeline.pause() { failSoon(PlaybackFailureText.userMessage(fromGStreamer: "")) }
    }
}
