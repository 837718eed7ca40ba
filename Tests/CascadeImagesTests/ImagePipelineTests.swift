import CascadeTestSupport
import Foundation
import Testing

@testable import CascadeImages

@Suite(.timeLimit(.minutes(1))) struct ImagePipelineTests {
    typealias F = PipelineFixture

    @Test func loadsThenServesFromMemory() async throws {
        let fixture = F()
        let image = try await fixture.pipeline.image(for: F.request("a"))
        #expect(FakeImageDecoder.tag(of: image) == F.url("a").absoluteString)
        #expect(image.width == 50 && image.height == 50)
        _ = try await fixture.pipeline.image(for: F.request("a", .prefetch))  // priority is not part of the key
        #expect(fixture.fetcher.fetchCount == 1)
        #expect(
            fixture.decoder.calls == [
                .init(tag: F.url("a").absoluteString, targetSize: PixelSize(width: 50, height: 50))
            ])
        #expect(fixture.pipeline.cachedImage(for: F.request("a")) == image)
        #expect(fixture.pipeline.inFlightCount == 0)
    }

    @Test func identicalConcurrentRequestsShareOneFetchAndOneDecode() async {
        let fixture = F(holding: true)
        let tasks = (0..<20).map { index in
            fixture.start(F.request("a", index.isMultiple(of: 2) ? .visible : .prefetch))
        }
        #expect(await waitUntil { fixture.pipeline.subscriberCount(for: F.request("a")) == 20 })
        #expect(await waitUntil { fixture.fetcher.heldCount == 1 })
        fixture.fetcher.releaseAll()
        for task in tasks { #expect(await task.value.tag == F.url("a").absoluteString) }
        #expect(fixture.fetcher.fetchCount == 1)
        #expect(fixture.decoder.decodeCount == 1)
    }

    @Test func differentTargetSizesAreDifferentImages() async throws {
        let fixture = F()
        let small = try await fixture.pipeline.image(for: F.request("a", size: 20))
        let large = try await fixture.pipeline.image(for: F.request("a", size: 80))
        #expect(small.width == 20 && large.width == 80)
        #expect(fixture.decoder.decodeCount == 2)
    }

    @Test func cancellingOneRequesterKeepsTheSharedWork() async {
        let fixture = F(holding: true)
        let first = fixture.start(F.request("a"))
        let second = fixture.start(F.request("a"))
        #expect(await waitUntil { fixture.pipeline.subscriberCount(for: F.request("a")) == 2 })
        first.cancel()
        #expect(await first.value.failure == .cancelled)
        #expect(fixture.pipeline.subscriberCount(for: F.request("a")) == 1)
        fixture.fetcher.releaseAll()
        #expect(await second.value.tag == F.url("a").absoluteString)
        #expect(fixture.fetcher.calls == [.fetch(F.url("a"))])
    }

    @Test func cancellingEveryRequesterCancelsTheFetch() async {
        let fixture = F(holding: true)
        let tasks = [fixture.start(F.request("a")), fixture.start(F.request("a", .prefetch))]
        #expect(
            await waitUntil {
                fixture.fetcher.heldCount == 1 && fixture.pipeline.subscriberCount(for: F.request("a")) == 2
            })
        for task in tasks { task.cancel() }
        for task in tasks { #expect(await task.value.failure == .cancelled) }
        #expect(await waitUntil { fixture.fetcher.calls == [.fetch(F.url("a")), .cancelled(F.url("a"))] })
        #expect(await waitUntil { fixture.pipeline.inFlightCount == 0 })
        #expect(fixture.decoder.decodeCount == 0)
        // A new request after cancellation starts fresh work.
        fixture.fetcher.setHolding(false)
        #expect(await fixture.start(F.request("a")).value.tag == F.url("a").absoluteString)
        #expect(fixture.fetcher.fetchCount == 2)
    }

    @Test func aQueuedRequestCancelledBeforeItsTurnIsNeverFetched() async {
        let fixture = F(holding: true, fetches: 1)
        let first = fixture.start(F.request("a"))
        #expect(await waitUntil { fixture.fetcher.heldCount == 1 })
        let queued = fixture.start(F.request("b"))
        #expect(await waitUntil { fixture.pipeline.fetchGate.waitingCount == 1 })
        queued.cancel()
        #expect(await queued.value.failure == .cancelled)
        #expect(await waitUntil { fixture.pipeline.fetchGate.waitingCount == 0 })
        fixture.fetcher.releaseAll()
        #expect(await first.value.tag != nil)
        #expect(fixture.fetcher.calls == [.fetch(F.url("a"))])
    }

    @Test func visibleRequestsOvertakeQueuedPrefetches() async {
        let fixture = F(holding: true, fetches: 1)
        var tasks = [fixture.start(F.request("p0", .prefetch))]
        #expect(await waitUntil { fixture.fetcher.heldCount == 1 })
        for name in ["p1", "p2"] {
            tasks.append(fixture.start(F.request(name, .prefetch)))
            #expect(await waitUntil { fixture.pipeline.fetchGate.waitingCount == tasks.count - 1 })
        }
        tasks.append(fixture.start(F.request("v", .visible)))
        #expect(await waitUntil { fixture.pipeline.fetchGate.waitingCount == 3 })
        fixture.fetcher.setHolding(false)
        fixture.fetcher.releaseAll()
        for task in tasks { #expect(await task.value.tag != nil) }
        #expect(fixture.fetcher.calls == ["p0", "v", "p1", "p2"].map { .fetch(F.url($0)) })
    }

    @Test func aVisibleRequesterJoiningAQueuedPrefetchRaisesIt() async {
        let fixture = F(holding: true, fetches: 1)
        var tasks = [fixture.start(F.request("p0", .prefetch))]
        #expect(await waitUntil { fixture.fetcher.heldCount == 1 })
        for name in ["p1", "p2"] {
            tasks.append(fixture.start(F.request(name, .prefetch)))
            #expect(await waitUntil { fixture.pipeline.fetchGate.waitingCount == tasks.count - 1 })
        }
        tasks.append(fixture.start(F.request("p2", .visible)))
        #expect(await waitUntil { fixture.pipeline.subscriberCount(for: F.request("p2")) == 2 })
        fixture.fetcher.setHolding(false)
        fixture.fetcher.releaseAll()
        for task in tasks { #expect(await task.value.tag != nil) }
        #expect(fixture.fetcher.calls == ["p0", "p2", "p1"].map { .fetch(F.url($0)) })
    }

    @Test func fetchesAndDecodesAreBounded() async {
        let fixture = F(holding: true, decodeDelay: 0.02, fetches: 6, decodes: 2)
        let tasks = (0..<10).map { fixture.start(F.request("i\($0)")) }
        #expect(await waitUntil { fixture.fetcher.heldCount == 6 && fixture.pipeline.fetchGate.waitingCount == 4 })
        fixture.fetcher.setHolding(false)
        fixture.fetcher.releaseAll()
        for task in tasks { #expect(await task.value.tag != nil) }
        #expect(fixture.fetcher.fetchCount == 10)
        #expect(fixture.decoder.peakConcurrency <= 2)
        #expect(fixture.decoder.decodeCount == 10)
    }

    @Test func errorsAreTypedAndNotCached() async {
        let fixture = F()
        fixture.fetcher.respond(F.url("missing"), with: .failure(.status(404)))
        fixture.fetcher.respond(F.url("bad"), with: .success(Data("not an image".utf8)))
        #expect(await fixture.start(F.request("missing")).value.failure == .status(404))
        #expect(await fixture.start(F.request("bad")).value.failure == .decode(.corrupt("not a fake image")))
        #expect(await fixture.start(F.request("missing")).value.failure == .status(404))
        #expect(fixture.fetcher.fetchCount == 3)
    }

    @Test func anAlreadyCancelledTaskGetsCancelled() async {
        let fixture = F(holding: true)
        let pipeline = fixture.pipeline
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            do throws(ImagePipelineError) {
                _ = try await pipeline.image(for: F.request("a"))
                return ImagePipelineError?.none
            } catch {
                return error
            }
        }
        #expect(await task.value == .cancelled)
        #expect(await waitUntil { fixture.pipeline.inFlightCount == 0 })
    }
}
