import Foundation

/// The audio and subtitle tracks of the video playing and which ones play: what the player's
/// Audio and Subtitles menus show.
///
/// Labels come from each track's title and language ("Commentary — French", "Chinese"), else
/// "Track N" (N counts the tracks of its kind from 1); a label two tracks share gets their
/// number ("English 1", "English 2"). Subtitles have one more choice, "Off".
///
/// ```swift
/// let list = TrackList(tracks: [en, zh], selectedAudio: nil, selectedSubtitle: zh.id)
/// list.entries(.subtitle).map(\.label)  // ["Off", "English", "Chinese"]
/// ```
public struct TrackList: Equatable, Sendable {
    /// One line of a track menu.
    public struct Entry: Equatable, Sendable {
        /// What the line says.
        public var label: String
        /// The track it plays, nil for "Off".
        public var trackID: String?
        /// Whether it is the one playing.
        public var isSelected: Bool

        /// A line.
        public init(label: String, trackID: String?, isSelected: Bool) {
            self.label = label
            self.trackID = trackID
            self.isSelected = isSelected
        }
    }

    /// Every track, in the file's order (external subtitles last).
    public var tracks: [MediaTrack]
    /// The audio track playing, nil when none is.
    public var selectedAudio: String?
    /// The subtitle track drawn, nil for none ("Off").
    public var selectedSubtitle: String?

    /// A list; selections that name no track of their kind count as none.
    public init(tracks: [MediaTrack] = [], selectedAudio: String? = nil, selectedSubtitle: String? = nil) {
        self.tracks = tracks
        self.selectedAudio = tracks.contains { $0.id == selectedAudio && $0.kind == .audio } ? selectedAudio : nil
        self.selectedSubtitle =
            tracks.contains { $0.id == selectedSubtitle && $0.kind == .subtitle } ? selectedSubtitle : nil
    }

    /// The tracks of `kind`, in order.
    public func tracks(_ kind: MediaTrack.Kind) -> [MediaTrack] { tracks.filter { $0.kind == kind } }

    /// Whether the menu of `kind` offers a choice: two audio tracks or more, one subtitle
    /// track or more (on or off).
    public func offersChoice(_ kind: MediaTrack.Kind) -> Bool {
        kind == .audio ? tracks(.audio).count > 1 : !tracks(.subtitle).isEmpty
    }

    /// The menu lines of `kind` ("Off" first for subtitles; none without a track), language
    /// names in `locale`.
    public func entries(_ kind: MediaTrack.Kind, locale: Locale = Locale(identifier: "en")) -> [Entry] {
        let ofKind = tracks(kind)
        let selected = kind == .audio ? selectedAudio : selectedSubtitle
        let plain = ofKind.enumerated().map { Self.label(of: $0.element, number: $0.offset + 1, locale: locale) }
        var lines = zip(ofKind, plain).enumerated().map { number, pair in
            let shared = plain.filter { $0 == pair.1 }.count > 1
            return Entry(
                label: shared ? "\(pair.1) \(number + 1)" : pair.1, trackID: pair.0.id,
                isSelected: pair.0.id == selected)
        }
        if kind == .subtitle, !lines.isEmpty {
            lines.insert(Entry(label: Self.off, trackID: nil, isSelected: selected == nil), at: 0)
        }
        return lines
    }

    /// The label of the line playing in the menu of `kind` ("Off" for no subtitles), nil when
    /// the kind has no track.
    public func selectedLabel(_ kind: MediaTrack.Kind, locale: Locale = Locale(identifier: "en")) -> String? {
        guard !tracks(kind).isEmpty else { return nil }
        return entries(kind, locale: locale).first(where: \.isSelected)?.label
    }

    /// The subtitle choice after the current one, in menu order and round to "Off": what the
    /// cycle-subtitles key picks.
    public var nextSubtitle: String? {
        let ids = [nil] + tracks(.subtitle).map { Optional($0.id) }
        let index = ids.firstIndex(of: selectedSubtitle) ?? 0
        return ids[(index + 1) % ids.count]
    }

    /// The audio track after the one playing, round to the first: what the next-audio key
    /// picks (nil without audio).
    public var nextAudio: String? {
        let ids = tracks(.audio).map(\.id)
        guard let index = ids.firstIndex(where: { $0 == selectedAudio }) else { return ids.first }
        return ids[(index + 1) % ids.count]
    }

    /// The menu line for no subtitles.
    public static let off = "Off"

    /// A track's label before duplicates are numbered: "Title — Language", "Title",
    /// "Language" or "Track N".
    public static func label(of track: MediaTrack, number: Int, locale: Locale = Locale(identifier: "en")) -> String {
        let language = track.language.map { code in
            locale.localizedString(forLanguageCode: code).map { $0.prefix(1).uppercased() + $0.dropFirst() } ?? code
        }
        switch (track.title, language) {
        case (let title?, let language?) where title.caseInsensitiveCompare(language) != .orderedSame:
            return "\(title) — \(language)"
        case (let title?, _): return title
        case (nil, let language?): return language
        case (nil, nil): return "Track \(number)"
        }
    }
}
