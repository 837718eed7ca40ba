import CGStreamer
import CascadeFolder
import CascadeGStreamer
import CascadeTestSupport
import Foundation
import Testing

/// The hover preview's own pipeline on clips ffmpeg makes at test time: frames sized to cover
/// the box arrive on the main loop and move, the clip loops, a stop releases the pipeline, and
/// an image named like a video is never decoded.
@Suite(.serialized) @MainActor struct PreviewPipelineTests {
    @Test func framesCoverTheBoxMoveAndLoopThenStopReleasesThePipeline() throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        let clip = try TestClips.makeClip(named: "clip.mp4", in: folder.url, duration: 1, size: "160x90")
        let before = PreviewPipeline.livePipelines
        var pipeline: PreviewPipeline? = try PreviewPipeline(
            uri: clip.absoluteString, width: 100, height: 100, loopSeconds: 0.4)
        var sizes: Set<[Int]> = []
        var digests: Set<Int> = []
        var failure: String?
        pipeline?.onFrame = { frame in
            sizes.insert([frame.width, frame.height])
            digests.insert(Self.digest(frame))
        }
        pipeline?.onFailure = { failure = $0 }
        #expect(PreviewPipeline.livePipelines == before + 1)
        pipeline?.play()
        // 0.4 s of a 25 fps clip, looped: about 10 distinct frames, shown again and again.
        #expect(pump { (pipeline?.loops ?? 0) >= 3 && digests.count >= 5 }, "loops \(pipeline?.loops ?? -1)")
        #expect(failure == nil)
        // 160 × 90 covering 100 × 100: 178 × 100, the video's aspect kept.
        #expect(sizes == [[178, 100]])
        #expect(digests.count <= 12, "a frame past the 0.4 s segment was shown: \(digests.count) distinct frames")
        let delivered = pipeline?.framesDelivered ?? 0
        pipeline?.stop()
        pipeline = nil
        #expect(pump { PreviewPipeline.livePipelines == before })
        #expect(delivered >= 10)
    }

    @Test func anImageNamedLikeAVideoFailsWithoutAFrame() throws {
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        let png = try #require(StoredPNG.encode(width: 2, height: 2, rgb: Array(repeating: 200, count: 12)))
        let file = try folder.file("cover.mp4", bytes: png)
        let before = PreviewPipeline.livePipelines
        let pipeline = try PreviewPipeline(uri: file.absoluteString, width: 100, height: 100, loopSeconds: 1)
        var frames = 0
        var failure: String?
        pipeline.onFrame = { _ in frames += 1 }
        pipeline.onFailure = { failure = $0 }
        pipeline.play()
        #expect(pump { failure != nil }, "no failure for a PNG")
        // GStreamer's own account is kept for the log: which element stopped, and why.
        let detail = try #require(pipeline.failureDetail, "no debug text for \(failure ?? "")")
        #expect(!detail.isEmpty && detail != failure, "\(detail)")
        #expect(frames == 0)
        #expect(pipeline.framesDelivered == 0)
        pipeline.stop()
        #expect(pump { PreviewPipeline.livePipelines == before })
    }

    @Test func frameSizeCoversTheBoxKeepingTheDisplayAspect() {
        #expect(PreviewFrame.size(covering: (100, 100), video: (160, 90)) == (178, 100))
        #expect(PreviewFrame.size(covering: (300, 200), video: (90, 160)) == (300, 533))
        #expect(PreviewFrame.size(covering: (100, 50), video: (100, 100), pixelAspect: 2) == (100, 50))
        #expect(PreviewFrame.size(covering: (100, 100), video: nil) == (100, 100))
        // Hostile numbers are clamped.
        #expect(PreviewFrame.size(covering: (100, 100), video: (1, 100_000)) == (100, 4096))
        #expect(PreviewFrame.size(covering: (-5, 1 << 40), video: (0, 0)) == (1, 4096))
        #expect(PreviewFrame.size(covering: (10, 10), video: (10, 10), pixelAspect: .nan) == (10, 10))
    }

    // MARK: Helpers

    /// Runs the GLib default main context (where the pipeline delivers) until `condition`.
    func pump(_ condition: () -> Bool) -> Bool {
        waitUntilBlocking(timeout: .seconds(30), interval: .milliseconds(1)) {
            while g_main_context_iteration(nil, 0) != 0 {}
            return condition()
        }
    }

    static func digest(_ frame: PreviewFrame) -> Int {
        var hasher = Hasher()
        for y in stride(from: 0, to: frame.height, by: 7) {
            hasher.combine(
                bytes: UnsafeRawBufferPointer(start: frame.pixels + y * frame.bytesPerRow, count: frame.width * 4))
        }
        return hasher.finalize()
    }
}
