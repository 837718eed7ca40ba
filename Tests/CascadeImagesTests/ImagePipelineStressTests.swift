import CascadeTestSupport
import Foundation
import Testing

@testable import CascadeImages

/// Seeded random mixes of requests and cancellations: every requester gets exactly one answer,
/// the right image or `.cancelled`, and the pipeline ends idle with every slot free.
@Suite(.timeLimit(.minutes(1))) struct ImagePipelineStressTests {
    typealias F = PipelineFixture

    @Test(arguments: [11, 12, 13] as [UInt64]) func randomRequestsAndCancellations(seed: UInt64) async {
        var random = SeededGenerator(seed: seed)
        let fixture = F(
            latency: 0.002, memory: MemoryImageCache(costLimit: 40_000), fetches: 3, decodes: 2)
        var plans: [(request: ImageRequest, cancelAfter: UInt64?)] = []
        for _ in 0..<150 {
            let name = "s\(Int.random(in: 0..<8, using: &random))"
            let priority: ImagePriority = Bool.random(using: &random) ? .visible : .prefetch
            let size = Bool.random(using: &random) ? 40 : 60
            let cancelAfter: UInt64? =
                Int.random(in: 0..<3, using: &random) == 0 ? UInt64.random(in: 0...4_000_000, using: &random) : nil
            plans.append((F.request(name, priority, size: size), cancelAfter))
        }
        let pipeline = fixture.pipeline
        let outcomes = await withTaskGroup(of: (ImageRequest, Bool, Result<DecodedImage, ImagePipelineError>).self) {
            group in
            for plan in plans {
                group.addTask {
                    let task = Task { () -> Result<DecodedImage, ImagePipelineError> in
                        do throws(ImagePipelineError) {
                            return .success(try await pipeline.image(for: plan.request))
                        } catch {
                            return .failure(error)
                        }
                    }
                    if let delay = plan.cancelAfter {
                        try? await Task.sleep(nanoseconds: delay)
                        task.cancel()
                    }
                    return (plan.request, plan.cancelAfter != nil, await task.value)
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.count == plans.count)
        for (request, mayCancel, result) in outcomes {
            switch result {
            case .success(let image):
                #expect(FakeImageDecoder.tag(of: image) == request.url.absoluteString)
                #expect(image.width == request.targetSize?.width)
            case .failure(let error):
                #expect(mayCancel && error == .cancelled)
            }
        }
        #expect(await waitUntil { pipeline.inFlightCount == 0 })
        #expect(pipeline.fetchGate.runningCount == 0 && pipeline.fetchGate.waitingCount == 0)
        #expect(pipeline.decodeGate.runningCount == 0 && pipeline.decodeGate.waitingCount == 0)
        #expect(fixture.decoder.peakConcurrency <= 2)
        #expect(pipeline.memoryCache!.totalCost <= 40_000)
    }
}
