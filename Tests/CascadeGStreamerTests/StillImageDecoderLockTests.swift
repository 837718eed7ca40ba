import CascadeFolder
import CascadeGStreamer
import CascadePixbuf
import CascadeTestSupport
import Foundation
import Testing

/// The still-image decoder lock on this machine's real GStreamer registry.
@Suite struct StillImageDecoderLockTests {
    @Test func locksTheImageDecodersAndKeepsTheVideoOnes() {
        let locked = Set(StillImageDecoderLock.apply())
        let images = ["pngdec", "rsvgdec", "gdkpixbufdec", "webpdec", "avdec_png", "avdec_tiff", "avdec_targa"]
        for name in images + ["imagefreeze"] {
            #expect(locked.contains(name), "\(name) is not locked: \(locked.sorted())")
        }
        for name in ["jpegdec", "avdec_mjpeg", "avdec_h264", "vorbisdec"] {
            #expect(!locked.contains(name), "\(name) is locked")
        }
        #expect(StillImageDecoderLock.apply() == locked.sorted())
    }

    @Test func aPNGNamedLikeAVideoIsNotDecodedButARealClipIs() throws {
        StillImageDecoderLock.apply()
        let folder = try VideoFolderFixture()
        defer { folder.remove() }
        try folder.file("image.mp4", bytes: [UInt8](TinyPNG.solid(width: 64, height: 36, rgba: (255, 0, 255, 255))))
        try folder.clip("real.mp4", size: "160x90", duration: 1)
        #expect(throws: (any Error).self) {
            try GStreamerFrameGrabber().thumbnailPNG(path: folder.path("image.mp4"), maxEdge: 64, duration: nil)
        }
        let png = try GStreamerFrameGrabber().thumbnailPNG(path: folder.path("real.mp4"), maxEdge: 64, duration: 1)
        #expect(PNGText.read(png)?.width == 64)
    }
}
