import CascadeTestSupport
import Foundation
import Testing

@testable import CascadeImages

@MainActor
@Suite(.timeLimit(.minutes(1))) struct ImageBinderTests {
    typealias F = PipelineFixture

    /// What a fake cell was told, in order.
    enum Call: Equatable {
        case placeholder
        case loading
        case image(String)
        case failure(ImagePipelineError)
    }

    final class Cell {
        var calls: [Call] = []

        func update(_ state: ImageBindingState) {
            switch state {
            case .placeholder: calls.append(.placeholder)
            case .loading: calls.append(.loading)
            case .image(let image): calls.append(.image(FakeImageDecoder.tag(of: image)))
            case .failure(let error): calls.append(.failure(error))
            }
        }
    }

    private func tag(_ name: String) -> String { F.url(name).absoluteString }

    /// A fixture whose fetches wait to be released, with the image `name` already in memory.
    private func holdingFixture(withCached name: String) async throws -> F {
        let fixture = F(holding: true)
        fixture.fetcher.setHolding(false)
        _ = try await fixture.pipeline.image(for: F.request(name))
        fixture.fetcher.setHolding(true)
        return fixture
    }

    @Test func loadingThenImage() async {
        let fixture = F()
        let binder = ImageBinder(pipeline: fixture.pipeline)
        let cell = Cell()
        binder.bind(F.request("a"), to: "cell-1") { cell.update($0) }
        #expect(await waitUntil { cell.calls.count == 2 })
        #expect(cell.calls == [.loading, .image(tag("a"))])
        #expect(binder.state(for: "cell-1") != .loading)
    }

    @Test func aCachedImageIsShownAtOnceWithoutLoading() async throws {
        let fixture = F()
        _ = try await fixture.pipeline.image(for: F.request("a"))
        let binder = ImageBinder(pipeline: fixture.pipeline)
        let cell = Cell()
        binder.bind(F.request("a"), to: 1) { cell.update($0) }
        #expect(cell.calls == [.image(tag("a"))])
    }

    @Test func noRequestShowsThePlaceholderAndFailureShowsTheError() async {
        let fixture = F()
        fixture.fetcher.respond(F.url("gone"), with: .failure(.status(410)))
        let binder = ImageBinder(pipeline: fixture.pipeline)
        let cell = Cell()
        binder.bind(nil, to: 1) { cell.update($0) }
        binder.bind(F.request("gone"), to: 1) { cell.update($0) }
        #expect(await waitUntil { cell.calls.count == 3 })
        #expect(cell.calls == [.placeholder, .loading, .failure(.status(410))])
    }

    @Test func aLateCompletionOfTheOldRequestNeverReachesTheReboundCell() async {
        let fixture = F(holding: true)
        let binder = ImageBinder(pipeline: fixture.pipeline)
        let cell = Cell()
        binder.bind(F.request("old"), to: "reused") { cell.update($0) }
        // Someone else (another cell, a prefetch) keeps the old work alive, so it completes.
        let other = fixture.start(F.request("old"))
        #expect(await waitUntil { fixture.pipeline.subscriberCount(for: F.request("old")) == 2 })
        binder.bind(F.request("new"), to: "reused") { cell.update($0) }
        #expect(fixture.pipeline.subscriberCount(for: F.request("old")) == 1)  // the cell's request was cancelled
        fixture.fetcher.release(F.url("old"))
        #expect(await other.value.tag == tag("old"))
        #expect(await fixture.settle(inFlight: 1))  // only "new" is left; a stray "old" delivery has run
        #expect(cell.calls == [.loading, .loading])
        fixture.fetcher.release(F.url("new"))
        #expect(await waitUntil { cell.calls.count == 3 })
        #expect(await fixture.settle())
        #expect(cell.calls == [.loading, .loading, .image(tag("new"))])
        #expect(binder.request(for: "reused") == F.request("new"))
    }

    @Test func rebindingToACachedImageWinsOverAnOldRequestInFlight() async throws {
        let fixture = try await holdingFixture(withCached: "cached")
        let binder = ImageBinder(pipeline: fixture.pipeline)
        let cell = Cell()
        binder.bind(F.request("slow"), to: 7) { cell.update($0) }
        binder.bind(F.request("cached"), to: 7) { cell.update($0) }
        fixture.fetcher.releaseAll()
        #expect(await fixture.settle())  // the slow request finished and any delivery of it ran
        #expect(cell.calls == [.loading, .image(tag("cached"))])
    }

    @Test func bindingTheSameRequestAgainKeepsTheWork() async {
        let fixture = F(holding: true)
        let binder = ImageBinder(pipeline: fixture.pipeline)
        let cell = Cell()
        binder.bind(F.request("a"), to: 1) { cell.update($0) }
        #expect(await waitUntil { fixture.fetcher.heldCount == 1 })
        binder.bind(F.request("a"), to: 1) { cell.update($0) }
        fixture.fetcher.releaseAll()
        #expect(await waitUntil { cell.calls.count == 3 })
        #expect(cell.calls == [.loading, .loading, .image(tag("a"))])
        #expect(fixture.fetcher.calls == [.fetch(F.url("a"))])
    }

    /// A cell rebound to another item keeps its old cover until the binding reports (the GTK cell
    /// no longer clears it first): every path reports before `bind` returns, so no stale cover
    /// outlives the bind. Paths: no request, an uncached one, a cached one, the same request
    /// again while it loads, and again once shown.
    @Test func everyBindReportsAStateBeforeItReturns() async throws {
        let fixture = try await holdingFixture(withCached: "cached")
        let binder = ImageBinder(pipeline: fixture.pipeline)
        let cell = Cell()
        binder.bind(nil, to: 1) { cell.update($0) }
        #expect(cell.calls == [.placeholder])
        binder.bind(F.request("slow"), to: 1) { cell.update($0) }
        #expect(cell.calls.last == .loading && cell.calls.count == 2)
        binder.bind(F.request("slow"), to: 1) { cell.update($0) }
        #expect(cell.calls.last == .loading && cell.calls.count == 3)
        binder.bind(F.request("cached"), to: 1) { cell.update($0) }
        #expect(cell.calls.last == .image(tag("cached")) && cell.calls.count == 4)
        binder.bind(F.request("cached"), to: 1) { cell.update($0) }
        #expect(cell.calls.last == .image(tag("cached")) && cell.calls.count == 5)
        fixture.fetcher.releaseAll()
        #expect(await fixture.settle())
    }

    @Test func unbindCancelsTheWork() async {
        let fixture = F(holding: true)
        let binder = ImageBinder(pipeline: fixture.pipeline)
        let cell = Cell()
        binder.bind(F.request("a"), to: 1) { cell.update($0) }
        #expect(await waitUntil { fixture.fetcher.heldCount == 1 })
        binder.unbind(1)
        #expect(await waitUntil { fixture.fetcher.calls.contains(.cancelled(F.url("a"))) })
        #expect(binder.count == 0)
        #expect(cell.calls == [.loading])
    }
}
