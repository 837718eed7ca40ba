import CascadeTestSupport
import Foundation
import Testing

@testable import CascadeImages

@MainActor
@Suite(.timeLimit(.minutes(1))) struct ImageTaskTests {
    typealias F = PipelineFixture

    /// Records results as tags (or errors), so a failure prints something readable.
    final class Recorder {
        var results: [String] = []

        func record(_ result: Result<DecodedImage, ImagePipelineError>) {
            results.append(result.tag ?? "error: \(String(describing: result.failure))")
        }
    }

    @Test func completesOnTheMainActor() async {
        let fixture = F()
        let recorder = Recorder()
        let task = fixture.pipeline.load(F.request("a")) { result in
            MainActor.assertIsolated()
            recorder.record(result)
        }
        #expect(recorder.results.isEmpty)
        #expect(await waitUntil { recorder.results.count == 1 })
        #expect(recorder.results == [F.url("a").absoluteString])
        #expect(task.isCompleted && !task.isCancelled)
    }

    @Test func aMemoryHitCompletesBeforeLoadReturns() async throws {
        let fixture = F()
        _ = try await fixture.pipeline.image(for: F.request("a"))
        let recorder = Recorder()
        fixture.pipeline.load(F.request("a")) { recorder.record($0) }
        #expect(recorder.results.count == 1)
    }

    @Test func aCancelledTaskNeverCompletesEvenIfTheImageWasReady() async throws {
        let fixture = F(holding: true)
        let recorder = Recorder()
        let task = fixture.pipeline.load(F.request("a")) { recorder.record($0) }
        #expect(await waitUntil { fixture.fetcher.heldCount == 1 })
        fixture.fetcher.releaseAll()
        // Block the main actor until the image is ready, so its delivery hop is queued behind
        // this test: cancel must still win.
        #expect(waitUntilBlocking(interval: .milliseconds(1)) { fixture.pipeline.inFlightCount == 0 })
        task.cancel()
        #expect(await fixture.settle())  // the queued delivery hop has run
        #expect(recorder.results.isEmpty)
        #expect(task.isCancelled)
    }
}
