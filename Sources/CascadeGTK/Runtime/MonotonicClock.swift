import CGtk

/// GLib's monotonic clock in seconds: the one time the models' gestures, stall checks and rests get.
enum MonotonicClock {
    /// Seconds since an arbitrary start; never goes back.
    static var seconds: Double { Double(g_get_monotonic_time()) / 1e6 }
}
