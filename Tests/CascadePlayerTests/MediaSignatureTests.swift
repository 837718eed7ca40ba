import CascadePlayer
import Foundation
import Testing

@Suite struct MediaSignatureTests {
    private static func bytes(_ prefix: [UInt8], pad: Int = 300) -> Data {
        Data(prefix + [UInt8](repeating: 0, count: pad))
    }

    @Test(arguments: [
        (bytes([0, 0, 0, 0x20] + Array("ftypisom".utf8)), "MP4"),
        (bytes([0x1A, 0x45, 0xDF, 0xA3]), "Matroska/WebM"),
        (bytes(Array("FLV".utf8) + [1]), "FLV"),
        (bytes(Array("OggS".utf8)), "Ogg"),
        (bytes(Array("RIFF".utf8) + [0, 0, 0, 0] + Array("AVI ".utf8)), "AVI"),
        (bytes(Array("ID3".utf8)), "MP3"),
        (bytes([0xFF, 0xFB, 0x90]), "MPEG audio"),
    ])
    func audioAndVideoContainersArePlayable(header: Data, name: String) {
        #expect(MediaSignature(header: header) == .media(name))
        #expect(MediaSignature(header: header).refusal == nil)
    }

    @Test(arguments: [
        (bytes([0x89, 0x50, 0x4E, 0x47]), "PNG"),
        (bytes([0xFF, 0xD8, 0xFF, 0xE0]), "JPEG"),
        (bytes(Array("GIF89a".utf8)), "GIF"),
        (bytes(Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBP".utf8)), "WebP"),
        (bytes([0x49, 0x49, 0x2A, 0]), "TIFF"),
        (Data(#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>"#.utf8), "SVG"),
        (Data("/* XPM */\nstatic char *x[] = {".utf8), "XPM"),
        (bytes([0, 0, 0, 0x20] + Array("ftypavif".utf8)), "HEIF/AVIF"),
    ])
    func imagesAreRefusedWithThePlayersError(header: Data, format: String) {
        let signature = MediaSignature(header: header)
        #expect(signature == .image(format))
        #expect(!signature.isPlayable)
        #expect(signature.refusal?.hasPrefix("This isn't a video") == true)
    }

    @Test func formatsWithoutASignatureAreRefused() {
        let tga = Data([0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 8, 0, 8, 0, 24, 0])
        #expect(MediaSignature(header: tga) == .unknown)
        #expect(MediaSignature(header: Data()) == .unknown)
        #expect(MediaSignature(header: tga).refusal?.hasPrefix("This isn't a video") == true)
    }

    @Test func localSourcesAreReadBoundedAndOnlyWhenRegular() {
        #expect(
            MediaProbe.probeLocalFile(URL(fileURLWithPath: "/dev/zero"))
                == .refused("This isn't a video (not a regular file)."))
        if case .unreadable = MediaProbe.probeLocalFile(URL(fileURLWithPath: "/nonexistent/clip.mp4")) {
        } else {
            Issue.record("a missing file is unreadable")
        }
    }
}
