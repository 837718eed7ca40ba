import CascadeGStreamer
import CascadePlayer
import CascadeScreens
import Foundation

/// The audio and subtitle tracks: listed from the pipeline's streams, switched while playing
/// (a `select-streams` event; subtitles off through playbin3's text flag), each choice
/// remembered per video in `trackChoices` and restored when the video plays again.
extension PlaybinEngine {
    /// The tracks of the current load and which ones play (empty before the streams are known).
    package var tracks: TrackList {
        guard let pipeline else { return TrackList() }
        let listed = pipeline.streams.compactMap { track(of: $0) }
        // The file's own tracks first, then the subtitle file's.
        let ordered = listed.filter { !$0.isExternal } + listed.filter(\.isExternal)
        let selected = Set(pipeline.selectedStreamIDs)
        return TrackList(
            tracks: ordered, selectedAudio: ordered.first { $0.kind == .audio && selected.contains($0.id) }?.id,
            selectedSubtitle: subtitlesShown
                ? ordered.first { $0.kind == .subtitle && selected.contains($0.id) }?.id : nil)
    }

    /// Plays the audio track `id`; the position goes on. Remembered for this video.
    package func selectAudio(_ id: String) {
        var list = tracks
        guard list.tracks(.audio).contains(where: { $0.id == id }) else { return }
        list.selectedAudio = id
        apply(list)
        remember { $0.audio = TrackChoice.pick(id, in: list) }
    }

    /// Draws the subtitle track `id`, or none (nil); the position goes on. Remembered for this
    /// video.
    package func selectSubtitle(_ id: String?) {
        var list = tracks
        guard id == nil || list.tracks(.subtitle).contains(where: { $0.id == id }) else { return }
        list.selectedSubtitle = id
        apply(list)
        remember { choice in choice.subtitles = id.flatMap { TrackChoice.pick($0, in: list) }.map { .track($0) } ?? .off
        }
    }

    /// Plays `file` as the current video's subtitles (a file dropped on the player): the
    /// pipeline is opened again with it, from the current position, and it becomes the
    /// subtitles drawn. False when no video is prepared or the file cannot be read as subtitles.
    @discardableResult
    package func loadSubtitles(_ file: URL) -> Bool {
        guard let pipeline, isPrepared, openedURL != nil, SubtitleSource.uri(for: file) != nil else { return false }
        let position = lastFramePosition ?? pipeline.position ?? 0
        droppedSubtitle = file
        subtitleFileFailures = 0
        subtitlesShown = true
        if let key = openedURL?.absoluteString {
            // The dropped file's track is the one to draw, now and when the video opens again.
            var choice = trackChoices?.choice(for: key) ?? TrackChoice()
            choice.subtitles = .track(TrackChoice.Pick(language: nil, index: 0, isExternal: true))
            trackChoices?.record(choice, for: key)
            pendingDroppedChoice = choice
        }
        reopen(at: position)
        return true
    }

    // MARK: Internal

    /// Applies the remembered choice the first time a collection of streams is known (again when
    /// it changes, as a subtitle file's stream joins), then tells the host.
    func applyTracks(of pipeline: PlaybackPipeline) {
        let ids = pipeline.streams.map(\.id)
        guard !ids.isEmpty, ids != choiceAppliedTo, let key = openedURL?.absoluteString else { return }
        choiceAppliedTo = ids
        guard let choice = pendingDroppedChoice ?? trackChoices?.choice(for: key) else { return }
        let list = tracks
        let restored = choice.applied(to: list)
        guard restored != list else { return }
        apply(restored)
    }

    // MARK: Internal (opening again)

    /// Opens the current source again, with `droppedSubtitle`, at `position`: playbin3 reads a
    /// subtitle file only when it starts. The new pipeline's preparation is not reported (the
    /// video stays ready) and playback goes on from `position`.
    func reopen(at position: Double) {
        guard let url = openedURL, let pipeline else { return }
        let play = playRequested
        self.pipeline = nil
        stallTimer?.cancel()
        stallTimer = nil
        pipeline.stop()
        reopenPosition = position
        open(url, failLater: false)
        playRequested = play
    }

    /// Opens the current source again after its pipeline failed before playing: with its
    /// subtitle file while `PlaybackTiming.subtitleFileAttempts` allow (in playbin3 1.22 the
    /// file can lose a race with the video's own text streams, and a small one is not always
    /// typefound), then without it, so a subtitle GStreamer cannot read (it never typefinds one
    /// under about 170 bytes) never stops the video. False when there was no subtitle file.
    func reopenAfterSubtitleFailure() -> Bool {
        guard let url = openedURL, let pipeline, pipeline.subtitleURI != nil, !isPrepared else { return false }
        subtitleFileFailures += 1
        let again = subtitleFileFailures < PlaybackTiming.subtitleFileAttempts
        if !again { droppedSubtitle = nil }
        let play = playRequested
        self.pipeline = nil
        stallTimer?.cancel()
        stallTimer = nil
        pipeline.stop()
        open(url, failLater: false, subtitles: again)
        playRequested = play
        return true
    }

    /// Opens the current local file again, subtitles and all, when its preroll has stalled
    /// (playbin3 1.22 now and then never finishes typefinding; Docs/PLATFORM_NOTES.md). The
    /// stalled pipeline is released once it settles, as any stopped before its preroll.
    func reopenStalledPreroll() {
        guard let url = openedURL, let pipeline, !isPrepared else { return }
        // The stalled pipeline lingers until it settles: the neighbour goes, so no more than
        // two player pipelines live.
        releasePreroll()
        let play = playRequested
        self.pipeline = nil
        stallTimer?.cancel()
        stallTimer = nil
        pipeline.stop()
        open(url, failLater: false)
        playRequested = play
    }

    // MARK: Private

    /// Selects `list`'s audio and subtitle streams (a text stream stays selected while
    /// subtitles are off: Docs/PLATFORM_NOTES.md) and sets the text flag.
    private func apply(_ list: TrackList) {
        guard let pipeline, isPrepared else { return }
        let current = Set(pipeline.selectedStreamIDs)
        let video = pipeline.streams.filter { $0.kind == .video && current.contains($0.id) }.map(\.id)
        let text =
            list.selectedSubtitle
            ?? pipeline.streams.first { $0.kind == .text && current.contains($0.id) }?.id
        let wanted = video.isEmpty ? pipeline.streams.first { $0.kind == .video }.map { [$0.id] } ?? [] : video
        let ids = wanted + [list.selectedAudio, text].compactMap { $0 }
        if Set(ids) != current { pipeline.selectStreams(ids) }
        subtitlesShown = list.selectedSubtitle != nil
        pipeline.showsSubtitles = subtitlesShown
        onTracksChanged?()
    }

    private func remember(_ change: (inout TrackChoice) -> Void) {
        guard let key = openedURL?.absoluteString, let store = trackChoices else { return }
        var choice = store.choice(for: key) ?? TrackChoice()
        change(&choice)
        store.record(choice, for: key)
        pendingDroppedChoice = nil
    }

    /// The track of `stream`; the subtitle file's is titled with the file's name.
    private func track(of stream: PlaybackStream) -> MediaTrack? {
        switch stream.kind {
        case .audio:
            return MediaTrack(id: stream.id, kind: .audio, language: stream.language, title: stream.title)
        case .text:
            return MediaTrack(
                id: stream.id, kind: .subtitle, language: stream.language,
                title: stream.title ?? (stream.isExternal ? subtitle?.lastPathComponent : nil),
                isExternal: stream.isExternal)
        case .video, .other:
            return nil
        }
    }
}
