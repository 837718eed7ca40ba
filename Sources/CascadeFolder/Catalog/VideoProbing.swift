/// What a probe learns about a video file.
public struct VideoProbe: Hashable, Sendable, Codable {
    /// The duration in seconds, when the container says.
    public var duration: Double?
    /// The display width in pixels (pixel aspect ratio applied).
    public var width: Int
    /// The display height in pixels.
    public var height: Int

    /// Creates a probe result.
    public init(duration: Double?, width: Int, height: Int) {
        self.duration = duration
        self.width = width
        self.height = height
    }
}

/// Why a probe or a frame grab failed.
public enum VideoProbeError: Error, Hashable, Sendable {
    /// The file has no video stream (audio only, or not media at all).
    case noVideo
    /// The file could not be read or decoded; the message says why.
    case unreadable(String)
    /// The work did not finish within its time bound.
    case timedOut
}

/// Reads a video file's duration and size: GStreamer's discoverer on Linux, a table in tests.
///
/// Calls block (each within its own time bound) and are made off the main thread.
public protocol VideoProbing: Sendable {
    /// Probes the file at `path`.
    /// - Throws: `VideoProbeError`.
    func probe(path: String) throws -> VideoProbe
}

/// Makes a thumbnail image of a video file: a representative frame (not a black first frame),
/// scaled to fit a square of `maxEdge` pixels, encoded as PNG.
///
/// Calls block (each within its own time bound) and are made off the main thread.
public protocol FrameGrabbing: Sendable {
    /// The PNG bytes of a frame of the video at `path`.
    /// - Parameters:
    ///   - path: the video file.
    ///   - maxEdge: the longest edge of the result in pixels.
    ///   - duration: the duration if known (saves the grabber a query).
    /// - Throws: `VideoProbeError`.
    func thumbnailPNG(path: String, maxEdge: Int, duration: Double?) throws -> [UInt8]
}
