import CascadeFeed
import CascadeScreens
import CascadeTestSupport
import Testing

@Suite struct PlayerQueueTests {
    private let items = FeedFixtures.items(0..<4)

    private func ids(_ queue: PlayerQueue) -> [String?] {
        [queue.previous?.id, queue.current.id, queue.next?.id, queue.preroll?.id]
    }

    /// Golden table: opened at each of four items, [previous, current, next, pre-roll].
    @Test(arguments: [
        (0, ["nil", "i-0", "i-1", "i-1"]),
        (1, ["i-0", "i-1", "i-2", "i-2"]),
        (2, ["i-1", "i-2", "i-3", "i-3"]),
        (3, ["i-2", "i-3", "nil", "i-2"]),
    ])
    func neighboursOfEachItem(opened: Int, expected: [String]) {
        let queue = PlayerQueue(items: items, current: items[opened])
        #expect(ids(queue).map { $0 ?? "nil" } == expected)
        #expect(queue.index == opened)
    }

    /// Golden table: the index after each step from item 1 of four; a step with nowhere to go
    /// returns nil and keeps the index.
    @Test func movesThroughTheFeedAndStopsAtItsEnds() {
        var queue = PlayerQueue(items: items, current: items[1])
        let steps: [PlayerQueue.Step] = [.backward, .backward, .forward, .forward, .forward, .forward, .backward]
        var shown: [String] = []
        var indices: [Int] = []
        for step in steps {
            shown.append(queue.move(step)?.id ?? "nil")
            indices.append(queue.index)
        }
        #expect(shown == ["i-0", "nil", "i-1", "i-2", "i-3", "nil", "i-2"])
        #expect(indices == [0, 0, 1, 2, 3, 3, 2])
    }

    @Test func anItemOutsideTheFeedIsAQueueOfOne() {
        let file = FeedFixtures.item(9, prefix: "file")
        for list in [items, []] {
            var queue = PlayerQueue(items: list, current: file)
            #expect(queue.items == [file])
            #expect(ids(queue).map { $0 ?? "nil" } == ["nil", "file-9", "nil", "nil"])
            #expect(queue.move(.forward) == nil)
            #expect(queue.move(.backward) == nil)
            #expect(queue.endAction(autoplayNext: true) == .stop)
        }
    }

    @Test func aDuplicateIdOpensAtItsFirstPlace() {
        let list = [items[0], items[1], items[0], items[2]]
        let queue = PlayerQueue(items: list, current: items[0])
        #expect(queue.index == 0)
        #expect(queue.next?.id == "i-1")
    }

    /// Golden table: the end action for autoplay off/on at the first, a middle and the last item.
    @Test(arguments: [
        (0, false, PlayerQueue.EndAction.stop), (0, true, .advance),
        (2, false, .stop), (2, true, .advance),
        (3, false, .stop), (3, true, .stop),
    ])
    func theEndOfAVideo(at index: Int, autoplayNext: Bool, expected: PlayerQueue.EndAction) {
        let queue = PlayerQueue(items: items, current: items[index])
        #expect(queue.endAction(autoplayNext: autoplayNext) == expected)
    }

    /// Golden table: swipe velocities (points/s) to moves.
    @Test(
        arguments: [
            (0.0, -1_500.0, PlayerQueue.Step?.some(.forward)), (0, 1_500, .backward), (300, -1_200, .forward),
            (0, -1_199, nil), (800, -1_500, nil), (-2_000, 900, nil), (0, .nan, nil), (.infinity, -5_000, nil),
        ] as [(Double, Double, PlayerQueue.Step?)])
    func swipes(velocityX: Double, velocityY: Double, expected: PlayerQueue.Step?) {
        #expect(PlayerQueue.step(swipeVelocityX: velocityX, velocityY: velocityY) == expected)
    }

    @Test func wheelSteps() {
        #expect(PlayerQueue.step(scrollDeltaY: 1) == .forward)
        #expect(PlayerQueue.step(scrollDeltaY: -2) == .backward)
        #expect(PlayerQueue.step(scrollDeltaY: 0) == nil)
        #expect(PlayerQueue.step(scrollDeltaY: .nan) == nil)
    }
}
