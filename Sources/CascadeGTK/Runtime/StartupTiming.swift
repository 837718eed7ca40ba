import CGtk
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// When the first cover was painted, in ms since process start (Docs/BENCHMARKS.md's start-up
/// figure): the first bound cover arms a one-shot `after-paint` on its frame clock.
@MainActor
package enum StartupTiming {
    /// Milliseconds from process start to the end of the paint that first showed a cover, or nil.
    package private(set) static var firstCoverPaintedMs: Double?
    private static var armed = false

    /// A cover was just set on `widget`; the first call arms the measurement.
    static func coverShown(on widget: UnsafeMutablePointer<GtkWidget>) {
        guard !armed, let clock = gtk_widget_get_frame_clock(widget) else { return }
        armed = true
        var handler: gulong = 0
        handler = Signal.connect(UnsafeMutableRawPointer(clock), "after-paint") {
            firstCoverPaintedMs = millisecondsSinceProcessStart()
            g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), handler)
        }
    }

    /// Milliseconds since this process started (the kernel's start time, in clock ticks since
    /// boot, against the boot-time clock), or nil when /proc cannot say.
    static func millisecondsSinceProcessStart() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        // Fields after the command name start at field 3 (state); the start time is field 22.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        let ticksPerSecond = Double(sysconf(Int32(clamping: _SC_CLK_TCK)))
        guard fields.count > 19, let ticks = Double(fields[19]), ticksPerSecond > 0 else { return nil }
        var now = timespec()
        guard clock_gettime(CLOCK_BOOTTIME, &now) == 0 else { return nil }
        let sinceBoot = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        return max(0, (sinceBoot - ticks / ticksPerSecond) * 1000)
    }
}
