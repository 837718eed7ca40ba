import Foundation

/// A temporary folder of small videos made by ffmpeg at test time, for folder-feed tests.
///
/// ```swift
/// let folder = try VideoFolderFixture()
/// defer { folder.remove() }
/// try folder.clip("Travel/beach.mp4", size: "160x90", duration: 1.5)
/// ```
public struct VideoFolderFixture {
    /// The folder.
    public let url: URL

    /// Creates an empty folder under the temporary directory.
    public init(label: String = "cascade-folder") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(label)-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Removes the folder and everything in it.
    public func remove() {
        // Undo permission changes tests make, so removal succeeds.
        if let walker = FileManager.default.enumerator(atPath: url.path) {
            for case let path as String in walker {
                try? FileManager.default.setAttributes(
                    [.posixPermissions: 0o755], ofItemAtPath: url.appendingPathComponent(path).path)
            }
        }
        try? FileManager.default.removeItem(at: url)
    }

    /// The absolute path of `relative`.
    public func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }

    /// Writes an H.264 video (no audio) of `duration` seconds and `size` ("WxH") to `relative`,
    /// creating folders on the way, in an MP4 container (`format` "mp4") or another ffmpeg
    /// muxer ("flv", "matroska"); `fadeIn` starts it black for 40 % of its length.
    /// - Throws: `ChildProcess.Failure` when ffmpeg fails or takes longer than 30 s.
    @discardableResult
    public func clip(
        _ relative: String, size: String = "160x90", duration: Double = 1.5, fadeIn: Bool = false,
        format: String = "mp4"
    )
        throws -> URL
    {
        let output = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(
            at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        var source = "testsrc2=duration=\(duration):size=\(size):rate=25"
        if fadeIn { source += ",fade=in:st=\(duration * 0.4):d=0.01" }
        try ChildProcess.run(
            "/usr/bin/ffmpeg",
            [
                "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", source, "-pix_fmt", "yuv420p", "-c:v", "libx264",
                "-preset", "ultrafast", "-f", format, output.path,
            ])
        return output
    }

    /// Writes `bytes` to `relative`, creating folders on the way.
    @discardableResult
    public func file(_ relative: String, bytes: [UInt8]) throws -> URL {
        let output = url.appendingPathComponent(relative)
        try FileManager.default.createDirectory(
            at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: output)
        return output
    }

    /// Sets the modification time of `relative` to `seconds` since 1970.
    public func setModified(_ relative: String, seconds: Double) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: seconds)], ofItemAtPath: path(relative))
    }
}
