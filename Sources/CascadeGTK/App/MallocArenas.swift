import CMalloc
import Foundation

/// glibc's heap arenas for the app's process.
///
/// glibc gives a thread that finds the heap busy an arena of its own, up to eight per core.
/// The app's short-lived threads (GStreamer's streaming threads, the renderer's, the decoders)
/// each leave pages in their arena that `malloc_trim` cannot hand back while a live block sits
/// among them, so resident memory creeps up over a long session. Two arenas keep it flat: the
/// long session's 100-round tour grew 57 MB with glibc's default and 16 MB with two
/// (Docs/RELIABILITY.md).
public enum MallocArenas {
    /// Limits the process to `count` arenas unless `MALLOC_ARENA_MAX` says otherwise; call it
    /// first thing in `main`, before other threads start.
    public static func limit(
        to count: Int32 = 2, environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        guard environment["MALLOC_ARENA_MAX"] == nil else { return }
        _ = mallopt(M_ARENA_MAX, count)
    }
}
