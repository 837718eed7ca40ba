import CascadePlayer
import Foundation
import Testing

@Suite struct TrackListTests {
    private let english = MediaTrack(id: "a1", kind: .audio, language: "en")
    private let commentary = MediaTrack(id: "a2", kind: .audio, language: "fr", title: "Commentary")
    private let englishText = MediaTrack(id: "s1", kind: .subtitle, language: "en")
    private let chineseText = MediaTrack(id: "s2", kind: .subtitle, language: "zh")
    private let sidecar = MediaTrack(id: "x1", kind: .subtitle, isExternal: true)

    /// A track's label: title and language, title, language, else "Track N".
    @Test(arguments: [
        (MediaTrack(id: "1", kind: .audio, language: "en"), 1, "English"),
        (MediaTrack(id: "1", kind: .audio, language: "zh"), 1, "Chinese"),
        (MediaTrack(id: "1", kind: .audio, language: "fra"), 1, "French"),
        (MediaTrack(id: "1", kind: .audio, language: "fr", title: "Commentary"), 2, "Commentary — French"),
        (MediaTrack(id: "1", kind: .subtitle, language: "en", title: "English"), 1, "English"),
        (MediaTrack(id: "1", kind: .subtitle, title: "Signs"), 3, "Signs"),
        (MediaTrack(id: "1", kind: .subtitle, language: "und"), 2, "Track 2"),
        (MediaTrack(id: "1", kind: .subtitle, language: " ", title: "  "), 4, "Track 4"),
        (MediaTrack(id: "1", kind: .subtitle, language: "qqq"), 1, "qqq"),
    ])
    func labels(track: MediaTrack, number: Int, label: String) {
        #expect(TrackList.label(of: track, number: number) == label)
    }

    @Test func subtitleMenuStartsWithOffAndMarksTheTrackDrawn() {
        let list = TrackList(
            tracks: [english, commentary, englishText, chineseText, sidecar], selectedAudio: "a2",
            selectedSubtitle: "s2")
        #expect(
            list.entries(.subtitle) == [
                .init(label: "Off", trackID: nil, isSelected: false),
                .init(label: "English", trackID: "s1", isSelected: false),
                .init(label: "Chinese", trackID: "s2", isSelected: true),
                .init(label: "Track 3", trackID: "x1", isSelected: false),
            ])
        #expect(
            list.entries(.audio) == [
                .init(label: "English", trackID: "a1", isSelected: false),
                .init(label: "Commentary — French", trackID: "a2", isSelected: true),
            ])
        #expect(list.selectedLabel(.subtitle) == "Chinese")
        #expect(list.selectedLabel(.audio) == "Commentary — French")
    }

    @Test func offIsSelectedWhenNoSubtitleIsDrawnAndUnknownSelectionsCountAsNone() {
        let list = TrackList(tracks: [english, englishText], selectedAudio: "s1", selectedSubtitle: "a1")
        #expect(list.selectedAudio == nil && list.selectedSubtitle == nil)
        #expect(list.entries(.subtitle).map(\.isSelected) == [true, false])
        #expect(list.selectedLabel(.subtitle) == "Off")
        #expect(list.selectedLabel(.audio) == nil)
        #expect(TrackList(tracks: [english]).entries(.subtitle).isEmpty, "no Off without a track")
    }

    @Test func sharedLabelsAreNumbered() {
        let list = TrackList(tracks: [
            englishText, MediaTrack(id: "s9", kind: .subtitle, language: "en"), chineseText,
        ])
        #expect(list.entries(.subtitle).map(\.label) == ["Off", "English 1", "English 2", "Chinese"])
    }

    /// A menu is shown only when it offers a choice.
    @Test(arguments: [
        ([MediaTrack](), false, false),
        ([MediaTrack(id: "a1", kind: .audio)], false, false),
        ([MediaTrack(id: "a1", kind: .audio), MediaTrack(id: "a2", kind: .audio)], true, false),
        ([MediaTrack(id: "a1", kind: .audio), MediaTrack(id: "s1", kind: .subtitle)], false, true),
    ])
    func offersChoice(tracks: [MediaTrack], audio: Bool, subtitles: Bool) {
        let list = TrackList(tracks: tracks)
        #expect(list.offersChoice(.audio) == audio)
        #expect(list.offersChoice(.subtitle) == subtitles)
    }

    @Test func nextSubtitleCyclesThroughTheMenuAndRoundToOff() {
        var list = TrackList(tracks: [english, englishText, chineseText])
        var seen: [String?] = []
        for _ in 0..<4 {
            list.selectedSubtitle = list.nextSubtitle
            seen.append(list.selectedSubtitle)
        }
        #expect(seen == ["s1", "s2", nil, "s1"])
        #expect(TrackList(tracks: [english]).nextSubtitle == nil)
    }

    @Test func nextAudioCyclesThroughTheAudioTracks() {
        var list = TrackList(tracks: [english, englishText, commentary], selectedAudio: "a1")
        var seen: [String?] = []
        for _ in 0..<3 {
            list.selectedAudio = list.nextAudio
            seen.append(list.selectedAudio)
        }
        #expect(seen == ["a2", "a1", "a2"])
        #expect(TrackList(tracks: [english, commentary]).nextAudio == "a1")
        #expect(TrackList(tracks: [englishText]).nextAudio == nil)
    }
}
