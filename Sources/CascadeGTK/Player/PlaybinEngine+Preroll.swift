import CGtk
import CascadeGStreamer
import CascadePlayer
import CascadeScreens
import Foundation

/// The neighbouring video kept paused at its first frame in a second pipeline, so that moving
/// to it (`load` of the same URL) plays at once: `load` adopts the pipeline instead of opening
/// one, and replays the preroll and the frame it already had.
extension PlaybinEngine {
    /// A pipeline prerolling (or prerolled) for a later `load` of `url`.
    @MainActor
    final class Preroll {
        let url: URL
        let pipeline: PlaybackPipeline
        /// Whether the pipeline has settled at its first frame.
        var isSettled = false
        /// Whether GStreamer failed it (then `load` opens the URL afresh, to report the failure).
        var failed = false
        /// Whether playbin3 listed its streams (replayed when adopted, for the track menus).
        var hasStreams = false
        /// The first frame (owned), kept to show the moment the pipeline is adopted.
        var firstFrame: OpaquePointer?
        var firstFramePosition: Double?

        init(url: URL, pipeline: PlaybackPipeline) {
            self.url = url
            self.pipeline = pipeline
        }

        isolated deinit {
            if let firstFrame { g_object_unref(UnsafeMutableRawPointer(firstFrame)) }
        }
    }

    /// The most player pipelines alive at once: the one playing and the pre-rolled neighbour.
    package static let maxLivePipelines = 2

    /// The URL kept prerolled, nil for none.
    package var prerolledURL: URL? { preroll?.url }

    /// Whether the prerolled pipeline has its first frame.
    package var isPrerollReady: Bool { preroll?.firstFrame != nil && preroll?.isSettled == true }

    /// Keeps `url` (once probed as a video) paused at its first frame in
    /// a second pipeline, replacing any other one; nil releases it. The engine never holds more
    /// than this one and the current pipeline.
    package func preroll(_ url: URL?) {
        prerollRetry?.cancel()
        prerollRetry = nil
        guard url != preroll?.url, url == nil || url != prerollProbing else { return }
        prerollProbing = nil
        releasePreroll()
        guard let url, url != openedURL else { return }
        // A pipeline stopped before it settled lives on for up to `PlaybackPipeline.settleWait`:
        // the neighbour waits for it, so never more than 2 player pipelines are alive.
        // Nor does it start while the current video is still preparing: two playbin3 pipelines
        // typefinding at once sometimes left the newer one never prerolled (GStreamer 1.22).
        guard PlaybackPipeline.livePipelines < Self.maxLivePipelines, pipeline == nil || isPrepared else {
            prerollRetry = MainLoopTimer.after(seconds: 0.2) { [weak self] in self?.preroll(url) }
            return
        }
        // Only what the probe finds to be a video reaches GStreamer, as for `load`: a local file
        // at once, a remote one once its first bytes have been read.
        if url.isFileURL {
            guard case .classified(let signature) = MediaProbe.probeLocalFile(url), signature.isVideo else { return }
            startPreroll(url)
            return
        }
        prerollProbing = url
        let weakSelf = WeakPlaybinEngine(self)
        let probe = MediaProbe(
            deadline: PlaybackTiming.probeDeadline(prepareTimeout: configuration.prepareTimeout))
        probe.probe(url) { outcome in
            MainLoopHandoff.async {
                guard let self = weakSelf.engine, self.prerollProbing == url else { return }
                self.prerollProbing = nil
                guard case .classified(let signature) = outcome, signature.isVideo, self.preroll == nil,
                    url != self.openedURL
                else { return }
                self.startPreroll(url)
            }
        }
    }

    /// Opens `url` (probed as a video) in the neighbour's pipeline and prerolls it.
    private func startPreroll(_ url: URL) {
        let subtitle = SubtitleSidecar.find(for: url)
        guard
            let pipeline = try? PlaybackPipeline(
                uri: url.absoluteString, subtitleURI: subtitle?.absoluteString,
                subtitleFont: SubtitleFont.description(uiFont: uiFont))
        else { return }
        let entry = Preroll(url: url, pipeline: pipeline)
        pipeline.setVolume(volume)
        pipeline.onEvent = { [weak entry] event in
            switch event {
            case .settled: entry?.isSettled = true
            case .failed: entry?.failed = true
            case .streamsChanged: entry?.hasStreams = true
            case .durationChanged, .buffering, .ended: break
            }
        }
        pipeline.onFrame = { [weak self, weak entry] frame in
            guard let self, let entry, entry.firstFrame == nil else { return }
            entry.firstFrame = self.texture(from: frame)
            entry.firstFramePosition = frame.position
        }
        preroll = entry
        if !pipeline.pause() { releasePreroll() }
    }

    /// Releases the prerolled pipeline, if any.
    func releasePreroll() {
        guard let entry = preroll else { return }
        preroll = nil
        entry.pipeline.stop()
    }

    /// Makes the prerolled pipeline for `url` the current one, if it has settled at its first
    /// frame; returns whether it did. Its preroll and first frame are replayed on the next
    /// main-loop turn (`load` never calls back from inside `load`). One still prerolling (or
    /// failed) is released and `url` opens afresh: a pipeline taken over mid-preroll sometimes
    /// never finished it.
    func adoptPreroll(for url: URL) -> Bool {
        guard let entry = preroll, entry.url == url else { return false }
        preroll = nil
        guard !entry.failed, entry.isSettled, entry.firstFrame != nil else {
            entry.pipeline.stop()
            return false
        }
        let pipeline = entry.pipeline
        openedURL = url
        reportedFailure = false
        self.pipeline = pipeline
        isPrepared = false
        firstFrameSeen = false
        steppedSincePlay = false
        lastFramePosition = nil
        pipeline.setVolume(volume)
        connect(pipeline)
        stall.reset()
        scheduleStallCheck()
        let load = loadCount
        watchdog = MainLoopTimer.after(seconds: configuration.prepareTimeout) { [weak self] in
            guard let self, self.loadCount == load, !self.isPrepared else { return }
            self.fail(PlaybackFailureText.preparingTimedOut(after: self.configuration.prepareTimeout))
        }
        replay = MainLoopTimer.after(seconds: 0) { [weak self] in
            guard let self, self.pipeline === pipeline else { return }
            self.replay = nil
            if entry.hasStreams { self.handle(.streamsChanged, of: pipeline) }
            self.handle(.settled, of: pipeline)
            if let frame = entry.firstFrame, !self.firstFrameSeen {
                entry.firstFrame = nil
                self.show(frame, at: entry.firstFramePosition, of: pipeline)
            }
        }
        return true
    }
}
