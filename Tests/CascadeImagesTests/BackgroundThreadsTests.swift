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
        var kernelName = BackgroundThreadsTests.currentKernelName()
    }

    /// The calling thread's name as the kernel keeps it (what `top -H` and perf show).
    static func currentKernelName() -> String {
        let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
        return comm.trimmingCharacters(in: .newlines)
    }

    @Test func everyPieceOfWorkRunsOnTheOwnThreadsAtALowerPriority() async {
        let base = BackgroundThreads.mainThreadNiceness()
        let threads = BackgroundThreads(name: "test-threads", count: 3, niceness: 10)
        let seen = SharedValue([Sighting]())
        let ids = SharedValue(Set<UInt>())
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
            let names: Set = ["test-threads-0", "test-threads-1", "test-threads-2"]
            #expect(Set(sightings.map(\.kernelName)).isSubset(of: names))
        #endif
    }

    @Test func aLongNameIsShortenedToWhatTheKernelKeepsWithTheIndexKept() async {
        let cases: [(String, Int, String)] = [
            ("test-threads", 0, "test-threads-0"),
            ("cascade-decode", 0, "cascade-decod-0"),
            ("cascade-decode", 12, "cascade-deco-12"),
            ("a", 7, "a-7"),
            ("", 3, "-3"),
            ("décodage-vidéo", 1, "décodage-vid-1"),  // never half a character
        ]
        for (base, index, expected) in cases {
            let name = BackgroundThreads.kernelName(base, index: index)
            #expect(name == expected, "\(base) \(index)")
            #expect(name.utf8.count <= BackgroundThreads.kernelNameLimit)
        }
        #if os(Linux)
            let threads = BackgroundThreads(name: "a-name-longer-than-the-kernel-keeps", count: 1, niceness: 0)
            let seen = SharedValue([String]())
            threads.run { seen.withLock { $0.append(BackgroundThreadsTests.currentKernelName()) } }
            #expect(await waitUntil { seen.withLock { !$0.isEmpty } })
            #expect(seen.withLock { $0 } == ["a-name-longer-0"])
        #endif
    }

    @Test func workStartsInSubmissionOrderOnOneThread() async {
        let threads = BackgroundThreads(name: "one-thread", count: 1, niceness: 0)
        let order = SharedValue([Int]())
        for index in 0..<200 { threads.run { order.withLock { $0.append(index) } } }
        #expect(await waitUntil { order.withLock { $0.count } == 200 })
        #expect(order.withLock { $0 } == Array(0..<200))
    }

    /// A decoder that records the thread each decode runs on.
    final class ThreadSpyDecoder: ImageDecoding, @unchecked Sendable {
        let seen = SharedValue([Sighting]())

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
            // Nicer than the main thread by 10 (at most 19), and named as such for profilers.
            let expected = min(BackgroundThreads.mainThreadNiceness() + 10, 19)
            #expect(sightings.allSatisfy { $0.niceness == expected }, "\(sightings)")
            #expect(sightings.allSatisfy { $0.kernelName.hasPrefix("image-decode-") }, "\(sightings)")
        #endif
    }
}
