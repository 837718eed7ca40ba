/// The player's waits, in one place: how long a video may take to get ready, when a stalled
/// position counts as buffering, and how long the window manager has to confirm fullscreen.
public enum PlaybackTiming {
    /// Seconds a stream may take to get ready before it fails with "timed out preparing".
    public static let prepareTimeout: Double = 10
    /// Seconds a local file may take to preroll before its pipeline is opened again, once:
    /// playbin3 1.22 now and then never finishes typefinding a file another pipeline just let
    /// go of (a local file prerolls in well under a second).
    public static let localPrerollRetry: Double = 3
    /// Seconds a video waits to open while two player pipelines are alive (moves faster than
    /// videos prepare leave stopped ones settling, each for at most 3 s): then it opens anyway.
    public static let roomWait: Double = 3.5
    /// Seconds between checks for room while a video waits to open.
    public static let roomPoll: Double = 0.05
    /// Times a video is opened with its subtitle file before it plays without: on a video with
    /// its own text streams, decodebin3 1.22 fails a subtitle file in about half the opens (a
    /// race, lost more often on a busy machine; Docs/PLATFORM_NOTES.md), so ten leave about one
    /// drop in a thousand undrawn on a quiet one. A file GStreamer cannot read fails each open
    /// at once.
    public static let subtitleFileAttempts = 10
    /// Seconds without position progress while playing that count as buffering.
    public static let stallThreshold: Double = 1
    /// Seconds between checks of a playing stream's position for a stall.
    public static let stallCheckInterval: Double = 0.25
    /// Milliseconds between pausing a released stream and dropping it.
    public static let releaseDelay: UInt32 = 400
    /// Milliseconds the window manager has to confirm a fullscreen change before the page's own
    /// presentation confirms it (an X server without a window manager never answers).
    public static let fullscreenConfirmationDelay: UInt32 = 500

    /// Seconds the probe of a remote source's first bytes may take: most of `prepareTimeout`
    /// (so the probe fails before the watchdog), at least half a second.
    public static func probeDeadline(prepareTimeout: Double) -> Double {
        max(0.5, prepareTimeout * 0.8)
    }
}
