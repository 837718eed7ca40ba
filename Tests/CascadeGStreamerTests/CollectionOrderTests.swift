import CascadeGStreamer
import CascadeTestSupport
import Testing

/// Which of decodebin3's `stream-collection` messages the pipeline keeps: its merges of the
/// video's and a subtitle file's collections can reach the bus in either order.
@Suite struct CollectionOrderTests {
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
}
