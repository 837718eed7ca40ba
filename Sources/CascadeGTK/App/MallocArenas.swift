import CMalloc
import Foundation

/// glibc's heap arenas for the app's process.
///
/// glibc gives a thread that finds the heap busy an arena of its own, up to eight per core, and
/// keeps each arena's pages that hold a live block among freed ones. The app's short-lived
/// threads (GStreamer's streaming threads, the renderer's, the decoders) spread their blocks
/// over many arenas. With two, the long session's tour runs about 25 MB lower (303–322 MB
/// against 321–349 MB over 100 rounds side by side), and no higher at its end than at its start
/// (Docs/PLATFORM_NOTES.md).
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
