import CascadePlayer
import Foundation
import Testing

@Suite struct SubStationTextTests {
    @Test func dialogueLinesBecomeSubRipCuesInOrderOfTheirStart() {
        let ass = """
            [Script Info]
            ScriptType: v4.00+
            Title: Dialogue: not an event

            [V4+ Styles]
            Format: Name, Fontname
            Style: Default,Sans

            [Events]
            Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
            Dialogue: 0,0:00:03.50,0:00:05.00,Default,,0,0,0,,Second, with a comma
            Comment: 0,0:00:00.00,0:00:09.00,Default,,0,0,0,,a comment
            Dialogue: 0,0:00:01.00,0:00:02.25,Default,,0,0,0,,{\\b1}中文{\\b0}字幕\\Nline two\\hend
            Dialogue: 0,0:00:06.00,0:00:05.00,Default,,0,0,0,,ends before it starts
            Dialogue: 0,x,0:00:07.00,Default,,0,0,0,,bad time
            Dialogue: 0,1:02:03.04,1:02:04.00,Default,,0,0,0,,{\\pos(10,10)}
            Dialogue: 0,1:02:03.04,1:02:04.00,Default,,0,0,0,,Late
            """
        #expect(
            SubStationText.subRip(from: ass) == """
                1
                00:00:01,000 --> 00:00:02,250
                中文字幕
                line two end

                2
                00:00:03,500 --> 00:00:05,000
                Second, with a comma

                3
                01:02:03,040 --> 01:02:04,000
                Late

                """)
    }

    @Test func aFormatLineWithAnotherOrderIsFollowedAndSSAFilesRead() {
        let ssa =
            "[Events]\r\nFormat: Marked, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\r\n"
            + "Dialogue: Marked=0,0:00:00.50,0:00:01.00,Default,NTP,0000,0000,0000,,Hello\r\n"
        #expect(SubStationText.subRip(from: ssa) == "1\n00:00:00,500 --> 00:00:01,000\nHello\n")
    }

    @Test(arguments: [
        "", "garbage", "[Events]\nDialogue: 0,0:00:01.00", "[Events]\nFormat: Start, Text, End\nDialogue: 0,a,b",
    ])
    func nothingParsesToNothing(text: String) {
        #expect(SubStationText.subRip(from: text).isEmpty)
    }
}

@Suite struct SubtitleSourceTests {
    @Test func subRipAndWebVTTPlayFromTheirFileAndSSAFromItsTextAsSubRip() throws {
        let srt = URL(fileURLWithPath: "/v/a.srt")
        #expect(SubtitleSource.uri(for: srt) { _ in nil } == "file:///v/a.srt")
        #expect(SubtitleSource.uri(for: URL(fileURLWithPath: "/v/a.VTT")) { _ in nil } == "file:///v/a.VTT")
        let ass =
            "[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n"
            + "Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,Hi"
        let uri = try #require(SubtitleSource.uri(for: URL(fileURLWithPath: "/v/a.ass")) { _ in Data(ass.utf8) })
        let prefix = "data:application/x-subrip;base64,"
        #expect(uri.hasPrefix(prefix))
        let decoded = Data(base64Encoded: String(uri.dropFirst(prefix.count))).map {
            String(decoding: $0, as: UTF8.self)
        }
        #expect(decoded == "1\n00:00:01,000 --> 00:00:02,000\nHi\n")
        #expect(SubtitleSource.uri(for: URL(fileURLWithPath: "/v/a.ssa")) { _ in Data("no lines".utf8) } == nil)
        #expect(SubtitleSource.uri(for: URL(fileURLWithPath: "/v/a.ass")) { _ in nil } == nil)
    }

    @Test(arguments: [
        ("1\n00:00:01,000 --> 00:00:02,000\nHi\n", true),
        ("\u{FEFF}1\r\n00:00:01,000 --> 00:00:02,000\r\n", true),
        ("WEBVTT\n\n00:01.000 --> 00:02.000\nHi", true),
        ("[Script Info]\nScriptType: v4.00+", true),
        ("Hello\n00:00:01,000 --> 00:00:02,000", false),
        ("1\nno arrow here", false),
        ("", false),
    ])
    func recognisesSubtitlesByTheirFirstBytes(text: String, isSubtitles: Bool) {
        #expect(SubtitleSource.looksLikeSubtitles(Data(text.utf8)) == isSubtitles)
        #expect(!SubtitleSource.looksLikeSubtitles(Data([0x1A, 0x45, 0xDF, 0xA3, 0x00])))
    }
}

@Suite struct PlayerDropTests {
    private static let playing = URL(fileURLWithPath: "/v/film.mkv")
    private static let srt = Data("1\n00:00:01,000 --> 00:00:02,000\nHi\n".utf8)

    /// What a drop on the player page does.
    @Test(
        arguments: [
            (["/d/film.srt"], playing, PlayerDrop.subtitles(URL(fileURLWithPath: "/d/film.srt"))),
            (["/d/other.ASS"], playing, .subtitles(URL(fileURLWithPath: "/d/other.ASS"))),
            (["/d/subs.txt"], playing, .subtitles(URL(fileURLWithPath: "/d/subs.txt"))),
            (["/d/subs"], playing, .subtitles(URL(fileURLWithPath: "/d/subs"))),
            (["/d/clip.mp4"], playing, .open),
            (["/d/notes.txt-video"], playing, .open),
            (["/d/film.srt", "/d/film2.srt"], playing, .open),
            (["/d/film.srt"], nil, .open),
        ] as [([String], URL?, PlayerDrop)])
    func decides(paths: [String], playing: URL?, drop: PlayerDrop) {
        let urls = paths.map { URL(fileURLWithPath: $0) }
        #expect(PlayerDrop.decide(urls, playing: playing) { _ in Self.srt } == drop)
    }

    @Test func aTextFileThatIsNotSubtitlesOpensAsToday() {
        #expect(
            PlayerDrop.decide([URL(fileURLWithPath: "/d/notes.txt")], playing: Self.playing) { _ in
                Data("shopping list".utf8)
            } == .open)
        #expect(PlayerDrop.decide([URL(string: "https://x/y.srt")!], playing: Self.playing) { _ in Self.srt } == .open)
    }
}
