import CascadeNumerics

/// Formats playback times the way players show them: `m:ss` below an hour, `h:mm:ss` above.
public enum PlayerTimeFormatter {
    /// The text for `seconds`, rounded down to whole seconds.
    ///
    /// Negative, NaN and infinite inputs read `0:00` (an unknown or live duration shows as
    /// zero rather than garbage).
    ///
    /// ```swift
    /// PlayerTimeFormatter.string(from: 65.9)   // "1:05"
    /// PlayerTimeFormatter.string(from: 3725)   // "1:02:05"
    /// ```
    public static func string(from seconds: Double) -> String {
        guard seconds.isFinite, seconds > 0 else { return "0:00" }
        // Clamp before converting so absurd inputs (1e300) cannot trap in Int(_:).
        let whole = Int(saturating: min(seconds, 359_999_999))
        let hours = whole / 3600
        let minutes = (whole % 3600) / 60
        let secs = whole % 60
        if hours > 0 {
            return "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))"
        }
        return "\(minutes):\(twoDigits(secs))"
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
