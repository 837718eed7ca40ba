import CascadePlayer
import Testing

@Suite struct TrackChoiceTests {
    private static let tracks = [
        MediaTrack(id: "a1", kind: .audio, language: "en"),
        MediaTrack(id: "a2", kind: .audio, language: "fr"),
        MediaTrack(id: "s1", kind: .subtitle, language: "en"),
        MediaTrack(id: "s2", kind: .subtitle, language: "zh"),
        MediaTrack(id: "s3", kind: .subtitle),
        MediaTrack(id: "x1", kind: .subtitle, isExternal: true),
    ]
    private static let list = TrackList(tracks: tracks, selectedAudio: "a1", selectedSubtitle: "s1")

    @Test func aPickIsTheLanguageAndPlaceAmongItsKindAndOrigin() {
        #expect(TrackChoice.pick("a2", in: Self.list) == .init(language: "fr", index: 1))
        #expect(TrackChoice.pick("s2", in: Self.list) == .init(language: "zh", index: 1))
        #expect(TrackChoice.pick("s3", in: Self.list) == .init(language: nil, index: 2))
        #expect(TrackChoice.pick("x1", in: Self.list) == .init(language: nil, index: 0, isExternal: true))
        #expect(TrackChoice.pick("nope", in: Self.list) == nil)
    }

    /// What a remembered choice restores in a list (the same one, or one that changed).
    @Test(
        arguments: [
            // Same place, same language.
            (
                TrackChoice(audio: .init(language: "fr", index: 1), subtitles: .track(.init(language: "zh", index: 1))),
                tracks,
                "a2", "s2"
            ),
            // Subtitles off.
            (TrackChoice(subtitles: .off), tracks, "a1", nil),
            // The language moved: found by language.
            (TrackChoice(subtitles: .track(.init(language: "zh", index: 0))), tracks, "a1", "s2"),
            // A track without a language: by place.
            (TrackChoice(subtitles: .track(.init(language: nil, index: 2))), tracks, "a1", "s3"),
            // The external track.
            (TrackChoice(subtitles: .track(.init(language: nil, index: 0, isExternal: true))), tracks, "a1", "x1"),
            // Gone (no such language, no such place): the default stays.
            (
                TrackChoice(audio: .init(language: "de", index: 5), subtitles: .track(.init(language: "ja", index: 0))),
                tracks, "a1", "s1"
            ),
            (
                TrackChoice(subtitles: .track(.init(language: nil, index: 0, isExternal: true))),
                Array(tracks.prefix(5)),
                "a1", "s1"
            ),
        ] as [(TrackChoice, [MediaTrack], String?, String?)])
    func restores(choice: TrackChoice, tracks: [MediaTrack], audio: String?, subtitle: String?) {
        let restored = choice.applied(to: TrackList(tracks: tracks, selectedAudio: "a1", selectedSubtitle: "s1"))
        #expect(restored.selectedAudio == audio)
        #expect(restored.selectedSubtitle == subtitle)
    }

    @Test func picksClampTheirPlace() {
        #expect(TrackChoice.Pick(language: "", index: -3).index == 0)
        #expect(TrackChoice.Pick(language: "", index: -3).language == nil)
        #expect(TrackChoice.Pick(language: "en", index: 1 << 40).index == 9999)
    }
}
