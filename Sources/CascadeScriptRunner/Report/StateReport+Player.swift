import CGtk
import CascadeGStreamer
import CascadeGTK
import CascadeScript
import Foundation

extension StateReport {
    /// The player page as drawn.
    static func player(_ page: PlayerPage, includeTitle: Bool) -> ScriptReport.Player {
        let snapshot = page.controller.snapshot
        var error: String?
        if case .failed(let message, _) = snapshot.state { error = message }
        let times = page.controlsBar.timeTexts
        let surface = page.surface
        let tracks = page.engine.tracks
        let menus = page.controlsBar.tracks
        let subtitleMenuShown =
            gtk_widget_get_visible(menus.subtitles) != 0 && gtk_widget_get_visible(page.controlsBar.root) != 0
        return .init(
            state: snapshot.state.name, position: round3(snapshot.position), duration: round3(snapshot.duration),
            fullscreen: snapshot.isFullscreen, windowFullscreen: page.isWindowFullscreen,
            fullscreenConfirmedBy: page.fullscreenConfirmation, title: includeTitle ? page.item?.title : nil,
            error: error, retryVisible: surface.retryVisible, coverVisible: surface.coverVisible,
            coverLoaded: surface.hasCoverImage, playButtonVisible: surface.playButtonVisible,
            controlsVisible: gtk_widget_get_visible(page.controlsBar.root) != 0, elapsedText: times.elapsed,
            pointerHidden: page.pointerHidden, totalText: times.total, volume: round3(snapshot.volume),
            brightness: round3(snapshot.brightness), history: page.history,
            livePipelines: PlaybackPipeline.livePipelines, liveEngines: PlaybinEngine.engines,
            clock: round3(Double(g_get_monotonic_time()) / 1_000_000),
            playButtonFrame: frameInWindow(surface.playButton),
            resumeOffer: snapshot.resumeOffer.map { round3($0.position) },
            resumeOfferText: surface.resumeOffer.resumeLabel, resumeOfferFocused: surface.resumeOffer.isDefaultFocused,
            resumeOfferFrame: frameInWindow(surface.resumeOffer.root), videoFrame: frameInWindow(surface.overlay),
            rate: round3(snapshot.rate), speedText: page.controlsBar.speedText,
            sliderFrame: frameInWindow(page.controlsBar.progress),
            seekPreview: page.seekPreview.flatMap { view in
                view.shown.map { .init(seconds: round3($0.seconds), tile: $0.tile, frame: frameInWindow(view.root)) }
            },
            audioTracks: tracks.entries(.audio).map(\.label), subtitleTracks: tracks.entries(.subtitle).map(\.label),
            audioTrack: tracks.selectedLabel(.audio), subtitleTrack: tracks.selectedLabel(.subtitle),
            audioMenuText: menus.audioText, subtitleMenuText: menus.subtitleText,
            subtitleMenuFrame: subtitleMenuShown ? frameInWindow(menus.subtitles) : nil,
            subtitleFile: page.engine.subtitle?.lastPathComponent,
            itemID: includeTitle ? page.item?.id : nil, prerolled: page.prerolledURL?.absoluteString,
            peakLivePipelines: PlaybackPipeline.peakLivePipelines, sliding: page.isSliding)
    }

    /// The feed's hover preview.
    static func preview(_ previews: FeedPreviews) -> ScriptReport.Preview {
        let controller = previews.controller
        let state = controller.state
        var failure: String?
        if case .failed(_, let message) = state { failure = message }
        let player = previews.player
        return .init(
            index: state.item, state: state.name, enabled: controller.isEnabled, started: controller.startedCount,
            lastStop: controller.lastStopReason?.rawValue, videoShown: player.isShowingVideo, error: failure,
            framesShown: player.framesShown, framePosition: player.shownPosition,
            livePipelines: PreviewPipeline.livePipelines)
    }
}
