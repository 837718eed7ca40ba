import CascadeGStreamer
import Testing

/// What decodebin3 is told when it asks whether to play a stream while a subtitle file is set.
@Suite struct SubtitleFileSelectionTests {
    private let video = PlaybackStream(id: "v/001", kind: .video)
    private let audio = PlaybackStream(id: "v/002", kind: .audio)
    private let english = PlaybackStream(id: "v/004", kind: .text)
    private let file = PlaybackStream(id: "f", kind: .text, isExternal: true)

    @Test func theFilesStreamPlaysAndTheVideosOwnTextIsLeftOutOnceItIsThere() {
        let merged = [video, audio, english, file]
        let own = [video, audio, english]
        // stream, collection, answer
        let table: [(PlaybackStream, [PlaybackStream], Int32)] = [
            (file, merged, 1), (english, merged, 0), (video, merged, -1), (audio, merged, -1),
            // Before the file's stream joins, decodebin3 chooses as it would without the file.
            (english, own, -1), (video, own, -1),
            // A video without text streams of its own: decodebin3 chooses.
            (file, [video, audio, file], -1),
        ]
        for (stream, collection, answer) in table {
            #expect(
                SubtitleFileSelection.answer(for: stream, in: collection) == answer,
                "\(stream.id) in \(collection.map(\.id))")
        }
    }

    @Test func anExternalStreamThatIsNotTextIsLeftToDecodebin() {
        let other = PlaybackStream(id: "o", kind: .audio, isExternal: true)
        #expect(SubtitleFileSelection.answer(for: other, in: [video, other, english]) == -1)
        #expect(SubtitleFileSelection.answer(for: english, in: [video, other, english]) == -1)
    }
}
