import CGStreamer

/// Initialises GStreamer once per process (`gst_init`), from whichever thread first needs it,
/// and takes the still-image decoders out of automatic plugging (`StillImageDecoderLock`)
/// before any pipeline exists.
enum GStreamerRuntime {
    private static let initialized: [String] = {
        gst_init(nil, nil)
        return StillImageDecoderLock.rankOut()
    }()

    static func initialize() { _ = initialized }

    /// The elements `StillImageDecoderLock` took out, sorted.
    static var lockedDecoders: [String] { initialized }

    /// Nanoseconds in a second, GStreamer's clock unit (`GST_SECOND` is a macro Swift cannot see).
    static let second: GstClockTime = 1_000_000_000

    /// The message of a GError, and frees it.
    static func consume(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }
}
