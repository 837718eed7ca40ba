import CascadeTestSupport
import Foundation
import Testing

@testable import CascadeImages

@Suite(.timeLimit(.minutes(1))) struct BackgroundThreadsTests {
    /// What one piece of work saw of the thread it ran on.
    struct Sighting: Sendable, Equatable {
        let index: Int
        let owned: Bool
        let niceness: Int32
    }

    @Test func everyPieceOfWorkRunsOnTheOwnThreadsAtALowerPriority() async {
        let base = BackgroundThreads.mainThreadNiceness()
        let threads = BackgroundThreads(name: "test-threads", count: 3, niceness: 10)
        let seen = Locked([Sighting]())
        let ids = Locked(Set<UInt>())
        for index in 0..<100 {
            threads.run {
                ids.withLock { _ = $0.insert(UInt(pthread_self())) }
                let sighting = Sighting(
                    index: index, owned: threads.ownsCurrentThread(), niceness: BackgroundThreads.currentNiceness())
                seen.withLock { $0.append(sighting) }
            }
        }
        #expect(await waitUntil { seen.withLock { $0.count } == 100 })
        let sightings = seen.withLock { $0 }
        #expect(Set(sightings.map(\.index)) == Set(0..<100))
        #expect(sightings.allSatisfy { $0.owned })
        #expect((1...3).contains(ids.withLock { $0.count }))
        #expect(!threads.ownsCurrentThread())
        #if os(Linux)
            #expect(sightings.allSatisfy { $0.niceness == min(base + 10, 19) }, "base \(base)")
        #endif
    }

    @Test func workStartsInSubmissionOrderOnOneThread() async {
        let threads = BackgroundThreads(name: "one-thread", count: 1, niceness: 0)
        let order = Locked([Int]())
        for index in 0..<200 { threads.run { order.withLock { $0.append(index) } } }
        #expect(await waitUntil { order.withLock { $0.count } == 200 })
        #expect(order.withLock { $0 } == Array(0..<200))
    }

    /// A decoder that records the thread each decode runs on.
    final class ThreadSpyDecoder: ImageDecoding, @unchecked Sendable {
        let seen = Locked([Sighting]())

        func decode(_ data: Data, targetSize: PixelSize?) throws -> DecodedImage {
            let sighting = Sighting(
                index: data.count, owned: BackgroundThreads.decoding.ownsCurrentThread(),
                niceness: BackgroundThreads.currentNiceness())
            seen.withLock { $0.append(sighting) }
            return DecodedImage(width: 1, height: 1, bytesPerRow: 4, pixels: [0, 0, 0, 255], hasAlpha: false)
        }
    }

    @MainActor
    @Test func thePipelineDecodesOnTheDecodingThreads() async {
        let decoder = ThreadSpyDecoder()
        let pipeline = ImagePipeline(decoder: decoder, fetcher: FakeDataFetcher(), memoryCache: nil)
        for index in 0..<6 {
            let request = ImageRequest(
                url: URL(string: "https://img.example.com/\(index).jpg")!, targetSize: PixelSize(width: 10, height: 10))
            _ = try? await pipeline.image(for: request)
        }
        let sightings = decoder.seen.withLock { $0 }
        #expect(sightings.count == 6)
        #expect(sightings.allSatisfy { $0.owned }, "\(sightings)")
        #if os(Linux)
            // Nicer than the main thread by 10 (at most 19).
            let expected = min(BackgroundThreads.mainThreadNiceness() + 10, 19)
            #expect(sightings.allSatisfy { $0.niceness == expected }, "\(sightings)")
        #endif
    }
}
