/// The tracks a person chose for one video, remembered so it plays with them next time: each
/// kind by the track's language and its place among the tracks of its kind.
///
/// Restoring (`applied(to:)`) finds the same track again in a list that may have changed (a
/// sidecar added, the file remuxed): the track at the same place when its language is the
/// same, else the first of that language, else (a track without a language) the track at that
/// place; a choice that finds nothing leaves the engine's default.
public struct TrackChoice: Equatable, Sendable {
    /// One chosen track.
    public struct Pick: Equatable, Sendable {
        /// Its language code, nil when the file gives none.
        public var language: String?
        /// Its place among the tracks of its kind and origin (embedded or external), from 0.
        public var index: Int
        /// Whether it is a subtitle file's rather than the video's.
        public var isExternal: Bool

        /// A pick; the index is clamped to 0…9999.
        public init(language: String?, index: Int, isExternal: Bool = false) {
            self.language = language.flatMap { $0.isEmpty ? nil : $0 }
            self.index = min(9999, max(0, index))
            self.isExternal = isExternal
        }
    }

    /// What to do with subtitles.
    public enum Subtitles: Equatable, Sendable {
        /// None drawn.
        case off
        /// This one drawn.
        case track(Pick)
    }

    /// The audio track chosen, nil when none was.
    public var audio: Pick?
    /// The subtitles chosen, nil when nothing was.
    public var subtitles: Subtitles?

    /// A choice.
    public init(audio: Pick? = nil, subtitles: Subtitles? = nil) {
        self.audio = audio
        self.subtitles = subtitles
    }

    /// Whether nothing is chosen.
    public var isEmpty: Bool { audio == nil && subtitles == nil }

    /// The pick of the track `id` in `list`, nil when it is not there.
    public static func pick(_ id: String, in list: TrackList) -> Pick? {
        guard let track = list.tracks.first(where: { $0.id == id }) else { return nil }
        let peers = list.tracks(track.kind).filter { $0.isExternal == track.isExternal }
        guard let index = peers.firstIndex(where: { $0.id == id }) else { return nil }
        return Pick(language: track.language, index: index, isExternal: track.isExternal)
    }

    /// `list` with this choice applied where it finds its tracks.
    public func applied(to list: TrackList) -> TrackList {
        var result = list
        if let audio, let id = Self.find(audio, kind: .audio, in: list) { result.selectedAudio = id }
        switch subtitles {
        case .off: result.selectedSubtitle = nil
        case .track(let pick):
            result.selectedSubtitle = Self.find(pick, kind: .subtitle, in: list) ?? list.selectedSubtitle
        case nil: break
        }
        return result
    }

    // MARK: Private

    private static func find(_ pick: Pick, kind: MediaTrack.Kind, in list: TrackList) -> String? {
        let peers = list.tracks(kind).filter { $0.isExternal == pick.isExternal }
        let atPlace = pick.index < peers.count ? peers[pick.index] : nil
        if let atPlace, atPlace.language == pick.language { return atPlace.id }
        if let language = pick.language { return peers.first { $0.language == language }?.id }
        return atPlace?.id
    }
}
