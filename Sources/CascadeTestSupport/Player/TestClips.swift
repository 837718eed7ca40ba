import Foundation

/// Video clips generated with ffmpeg at test time, for engine and app tests.
public enum TestClips {
    /// A fresh temporary directory for clips, removed when the test process exits.
    public static func makeDirectory() throws -> URL {
        try TemporaryFolders.process.make("cascade-clips")
    }

    /// Writes an H.264 mp4 test pattern of `duration` seconds (with an AAC sine tone when
    /// `audio`) to `directory/name` and returns its URL.
    ///
    /// - Throws: `ChildProcess.Failure` when ffmpeg is missing, fails, or takes longer than
    ///   `timeout` seconds (it is then killed with SIGKILL).
    public static func makeClip(
        named name: String = "clip.mp4", in directory: URL, duration: Double = 3, size: String = "320x180",
        audio: Bool = true, timeout: Double = 30
    ) throws -> URL {
        let output = directory.appendingPathComponent(name)
        var arguments = [
            "-nostdin", "-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=duration=\(duration):size=\(size):rate=25",
        ]
        if audio { arguments += ["-f", "lavfi", "-i", "sine=duration=\(duration)"] }
        arguments += ["-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast"]
        if audio { arguments += ["-c:a", "aac", "-shortest"] }
        arguments += ["-movflags", "+faststart", output.path]
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg") else {
            throw ChildProcess.Failure(description: "ffmpeg is not installed (scripts/install-deps.sh)")
        }
        try ChildProcess.run("/usr/bin/ffmpeg", arguments, timeout: timeout)
        return output
    }

    /// Writes `count` seeded pseudo-random bytes named like a video: a corrupt file.
    public static func makeCorruptFile(
        named name: String = "corrupt.mp4", in directory: URL, count: Int = 64_000
    )
        throws -> URL
    {
        var generator = SeededGenerator(seed: 0xC0FF_EE)
        let bytes = (0..<max(0, count)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }
}
