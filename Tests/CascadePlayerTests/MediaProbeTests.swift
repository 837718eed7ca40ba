import CascadeContent
import CascadePlayer
import Foundation
import Testing

/// The probe reads a bounded header and classifies it with the one sniffer (`ContentSignature`,
/// whose golden table is in CascadeContentTests).
@Suite struct MediaProbeTests {
    private static func write(_ bytes: [UInt8], _ name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    @Test func localFilesAreClassifiedByTheSharedSniffer() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-probe-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let mp4 = try Self.write(
            [0, 0, 0, 0x18] + Array("ftypisom".utf8) + [UInt8](repeating: 0, count: 40), "a", in: folder)
        let heic = try Self.write([0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0], "b.mp4", in: folder)
        let m4a = try Self.write([0, 0, 0, 0x18] + Array("ftypM4A ".utf8) + [0, 0, 0, 0], "c.m4a", in: folder)
        #expect(MediaProbe.probeLocalFile(mp4) == .classified(.video("MP4")))
        #expect(MediaProbe.probeLocalFile(heic) == .classified(.image("HEIF/AVIF")))
        #expect(MediaProbe.probeLocalFile(m4a) == .classified(.audio("M4A")))
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
