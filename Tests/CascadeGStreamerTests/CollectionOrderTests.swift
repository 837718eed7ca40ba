import CGStreamer
import CascadeTestSupport
import Testing

@testable import CascadeGStreamer

/// Which of decodebin3's `stream-collection` messages the pipeline keeps: its merges of the
/// video's and a subtitle file's collections can reach the bus in either order. The rule, and the
/// messages posted on a real playbin3's bus in the racing order.
@Suite(.serialized) @MainActor struct CollectionOrderTests {
    private let own = ["v/001", "v/002", "v/004"]
    private let file = ["f/001"]

    @Test func aLatePartOfTheKeptCollectionIsLeftAndAnythingElseReplacesIt() {
        let merged = own + file
        // received, current, replaces
        let table: [([String], [String], Bool)] = [
            (own, [], true), (file, [], true),
            // The merge of both after either input's own.
            (merged, own, true), (merged, file, true),
            // Either input's own posted after the merge of both.
            (own, merged, false), (file, merged, false), (["v/004"], merged, false), ([], merged, false),
            // The same streams again (their tags may have come), and a new program.
            (merged, merged, true), (["w/001", "w/002"], merged, true), (["v/001", "w/002"], own, true),
        ]
        for (received, current, replaces) in table {
            #expect(PlaybackPipeline.replaces(received, current) == replaces, "\(received) over \(current)")
        }
    }

    /// Seeded random collections: a strict part of the kept one never replaces it; a collection
    /// with any stream the kept one lacks always does.
    @Test func onlyAStrictPartIsLeft() {
        var random = SeededGenerator(seed: 0x5EED_C011)
        for _ in 0..<500 {
            let current = (0..<Int(random.next() % 6)).map { "s/\($0)" }
            let kept = current.filter { _ in random.next() % 2 == 0 }
            let extra = (0..<Int(random.next() % 3)).map { "x/\($0)" }
            let received = (kept + extra).shuffled(using: &random)
            let isStrictPart = extra.isEmpty && kept.count < current.count
            #expect(PlaybackPipeline.replaces(received, current) == !isStrictPart, "\(received) over \(current)")
        }
    }

    @Test func aLatePartPostedOnTheBusLeavesTheStreamsAndSaysNothing() throws {
        let pipeline = try PlaybackPipeline(uri: "file:///nonexistent/clip.mkv")
        defer { pipeline.stop() }
        var changes = 0
        pipeline.onEvent = { if case .streamsChanged = $0 { changes += 1 } }
        let merged = own + file
        for (posted, streams, changed) in [
            (merged, merged, 1), (own, merged, 1), (file, merged, 1), (merged + ["v/009"], merged + ["v/009"], 2),
        ] {
            Self.post(posted, on: pipeline)
            #expect(
                Self.pump { pipeline.streams.map(\.id) == streams && changes == changed },
                "\(posted): \(pipeline.streams.map(\.id)), \(changes) changes")
        }
        // The file's stream is told apart from the video's in the collection kept.
        #expect(pipeline.streams.filter(\.isExternal).map(\.id) == file)
    }

    /// Posts a `stream-collection` message of `ids` (the first a video stream, the rest text)
    /// from `pipeline`'s playbin3, as decodebin3 does.
    private static func post(_ ids: [String], on pipeline: PlaybackPipeline) {
        let collection = gst_stream_collection_new(nil)!
        for (index, id) in ids.enumerated() {
            let stream = gst_stream_new(
                id, nil, index == 0 ? GST_STREAM_TYPE_VIDEO : GST_STREAM_TYPE_TEXT, GST_STREAM_FLAG_NONE)
            gst_stream_collection_add_stream(collection, stream)
        }
        let element = pipeline.pipelineElement
        let message = gst_message_new_stream_collection(
            UnsafeMutableRawPointer(element).assumingMemoryBound(to: GstObject.self), collection)
        gst_object_unref(UnsafeMutableRawPointer(collection))
        _ = gst_element_post_message(element, message)
    }

    /// Runs the GLib default main context (where the pipeline's bus delivers) until `condition`.
    private static func pump(_ condition: () -> Bool) -> Bool {
        waitUntilBlocking(timeout: .seconds(10), interval: .milliseconds(1)) {
            while g_main_context_iteration(nil, 0) != 0 {}
            return condition()
        }
    }
}
