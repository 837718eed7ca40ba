import CascadeNumerics

/// MPRIS times are signed 64-bit microseconds (`x`); the player's are `Double` seconds.
///
/// Both directions clamp: a NaN, negative or infinite number of seconds never traps or sends a
/// negative position to the desktop, and a client's huge or negative offset stays a finite
/// number of seconds.
public enum MPRISTime {
    /// Microseconds in a second.
    public static let microsecondsPerSecond = 1_000_000.0

    /// `seconds` as MPRIS microseconds, rounded, clamped to `0...Int64.max` (NaN: 0).
    public static func microseconds(fromSeconds seconds: Double) -> Int64 {
        guard seconds.isFinite || seconds == .infinity else { return 0 }
        return Int64(saturatingRounded: max(0, seconds) * microsecondsPerSecond)
    }

    /// MPRIS microseconds (a position or an offset; offsets may be negative) as seconds.
    public static func seconds(fromMicroseconds microseconds: Int64) -> Double {
        Double(microseconds) / microsecondsPerSecond
    }
}
