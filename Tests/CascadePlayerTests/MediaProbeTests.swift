import CascadeContent
import CascadePlayer
import CascadeTestSupport
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

    /// Remote sources go through the one HTTP client: its first-bytes limits, its redirect rule.
    @Test(.timeLimit(.minutes(1))) func remoteSourcesAreProbedThroughTheOneClient() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-probe-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let header = [0, 0, 0, 0x18] + Array("ftypisom".utf8)
        _ = try Self.write(header + [UInt8](repeating: 0, count: 100_000), "clip.mp4", in: folder)
        _ = try Self.write([0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0], "photo.mp4", in: folder)
        let server = try LocalHTTPServer(root: folder)
        defer { server.stop() }
        let probe = MediaProbe(deadline: 5)
        #expect(await probe.probe(server.url("/clip.mp4")) == .classified(.video("MP4")))
        #expect(await probe.probe(server.url("/photo.mp4")) == .classified(.image("HEIF/AVIF")))
        #expect(await probe.probe(server.url("/status/404")) == .unreadable("The server answered 404"))
        // Refused by the client's redirect rule, or not followed by the transport: never the
        // file's bytes.
        if case .classified = await probe.probe(server.url("/redirect-file")) {
            Issue.record("a redirect to file: must not be read")
        }
        // A body that never ends is cut after the header.
        #expect(await probe.probe(server.url("/endless")) == .classified(.unknown))
    }
}
