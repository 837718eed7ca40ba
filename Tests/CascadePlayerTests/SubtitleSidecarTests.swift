import CascadePlayer
import Foundation
import Testing

@Suite struct SubtitleSidecarTests {
    @Test func candidatesAreTheSameNameSrtVttAssThenSsaEachAlsoInCapitals() {
        let video = URL(fileURLWithPath: "/videos/trip to 北京.mp4")
        #expect(
            SubtitleSidecar.candidates(for: video).map(\.lastPathComponent) == [
                "trip to 北京.srt", "trip to 北京.SRT", "trip to 北京.vtt", "trip to 北京.VTT",
                "trip to 北京.ass", "trip to 北京.ASS", "trip to 北京.ssa", "trip to 北京.SSA",
            ])
        #expect(SubtitleSidecar.candidates(for: video).allSatisfy { $0.deletingLastPathComponent().path == "/videos" })
    }

    @Test func aRemoteVideoHasNone() {
        #expect(SubtitleSidecar.candidates(for: URL(string: "https://cdn.example.com/v/trip.mp4")!).isEmpty)
        #expect(SubtitleSidecar.find(for: URL(string: "https://cdn.example.com/v/trip.mp4")!) { _ in true } == nil)
    }

    @Test func theFirstExistingCandidateWins() {
        let video = URL(fileURLWithPath: "/videos/trip.mkv")
        let present: Set<String> = ["trip.vtt", "trip.SRT"]
        #expect(
            SubtitleSidecar.find(for: video) { present.contains($0.lastPathComponent) }?.lastPathComponent == "trip.SRT"
        )
        #expect(SubtitleSidecar.find(for: video) { _ in false } == nil)
    }

    @Test func onlyRegularFilesCountOnDisk() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-sidecar-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let video = folder.appendingPathComponent("clip.mp4")
        try Data([0]).write(to: video)
        #expect(SubtitleSidecar.find(for: video) == nil)
        // A folder and a FIFO named like a sidecar are skipped; the .vtt file is found.
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("clip.srt"), withIntermediateDirectories: false)
        #expect(mkfifo(folder.appendingPathComponent("clip.SRT").path, 0o600) == 0)
        try Data("WEBVTT\n".utf8).write(to: folder.appendingPathComponent("clip.vtt"))
        #expect(SubtitleSidecar.find(for: video)?.lastPathComponent == "clip.vtt")
    }
}
