import CascadeTestSupport
import Foundation
import Testing

@testable import CascadeImages

@Suite(.timeLimit(.minutes(1))) struct ImagePrefetcherTests {
    typealias F = PipelineFixture

    @Test func prefetchesIntoTheMemoryCacheOnce() async {
        let fixture = F()
        let prefetcher = ImagePrefetcher(pipeline: fixture.pipeline)
        let requests = ["a", "b", "c"].map { F.request($0) }
        prefetcher.startPrefetching(requests)
        prefetcher.startPrefetching(requests)  // already running or cached: skipped
        #expect(await waitUntil { requests.allSatisfy { fixture.pipeline.cachedImage(for: $0) != nil } })
        #expect(await waitUntil { prefetcher.activeCount == 0 })
        prefetcher.startPrefetching(requests)
        #expect(fixture.fetcher.fetchCount == 3)
    }

    @Test func runsAtPrefetchPriority() async {
        let fixture = F(holding: true, fetches: 1)
        let visible = fixture.start(F.request("v0"))
        #expect(await waitUntil { fixture.fetcher.heldCount == 1 })
        let prefetcher = ImagePrefetcher(pipeline: fixture.pipeline)
        prefetcher.startPrefetching([F.request("p1", .visible)])  // its own priority is ignored
        #expect(await waitUntil { fixture.pipeline.fetchGate.waitingCount == 1 })
        let later = fixture.start(F.request("v1"))
        #expect(await waitUntil { fixture.pipeline.fetchGate.waitingCount == 2 })
        fixture.fetcher.setHolding(false)
        fixture.fetcher.releaseAll()
        _ = await visible.value
        _ = await later.value
        #expect(await waitUntil { prefetcher.activeCount == 0 })
        #expect(fixture.fetcher.calls == ["v0", "v1", "p1"].map { .fetch(F.url($0)) })
    }

    @Test func stoppingCancelsWorkNobodyElseWants() async {
        let fixture = F(holding: true)
        let prefetcher = ImagePrefetcher(pipeline: fixture.pipeline)
        prefetcher.startPrefetching([F.request("a"), F.request("b")])
        #expect(await waitUntil { fixture.fetcher.heldCount == 2 })
        let visible = fixture.start(F.request("b"))  // a cell became visible and wants b
        #expect(await waitUntil { fixture.pipeline.subscriberCount(for: F.request("b")) == 2 })
        prefetcher.stopPrefetching([F.request("a"), F.request("b")])
        #expect(await waitUntil { fixture.fetcher.calls.contains(.cancelled(F.url("a"))) })
        #expect(prefetcher.activeCount == 0)
        fixture.fetcher.releaseAll()
        #expect(await visible.value.tag == F.url("b").absoluteString)
        #expect(!fixture.fetcher.calls.contains(.cancelled(F.url("b"))))
    }

    @Test func stopAllCancelsEverything() async {
        let fixture = F(holding: true)
        let prefetcher = ImagePrefetcher(pipeline: fixture.pipeline)
        prefetcher.startPrefetching((0..<4).map { F.request("i\($0)") })
        #expect(await waitUntil { fixture.fetcher.heldCount == 4 })
        prefetcher.stopAll()
        #expect(await waitUntil { fixture.pipeline.inFlightCount == 0 && fixture.fetcher.heldCount == 0 })
        #expect(fixture.decoder.decodeCount == 0)
    }
}

@Suite(.timeLimit(.minutes(1))) struct ImagePrefetcherWindowTests {
    typealias F = PipelineFixture

    @Test func appliesPrefetchWindowSteps() async {
        let fixture = F(holding: true)
        let prefetcher = ImagePrefetcher(pipeline: fixture.pipeline)
        let request: (Int) -> ImageRequest? = { $0 < 0 ? nil : F.request("item\($0)") }
        prefetcher.update(prefetch: [1, 2, 3, -1], cancelPrefetch: []) { request($0) }
        #expect(await waitUntil { fixture.fetcher.heldCount == 3 })
        prefetcher.update(prefetch: [4], cancelPrefetch: [1, 2]) { request($0) }
        #expect(await waitUntil { fixture.fetcher.heldCount == 2 })
        #expect(prefetcher.activeCount == 2)
        #expect(fixture.fetcher.calls.filter { if case .cancelled = $0 { true } else { false } }.count == 2)
        prefetcher.stopAll()
    }
}
