import CGtk
import Synchronization

/// How many `MediaStreamEngine`s and media streams are alive, for leak checks. A stream counts
/// until GObject finalizes it (a weak reference), so the figure is the pipelines really held.
package enum MediaStreamLiveCount {
    private static let engines = Atomic<Int>(0)
    private static let streams = Atomic<Int>(0)

    /// Engines created and not yet deinitialized.
    package static var liveEngines: Int { engines.load(ordering: .relaxed) }

    /// Media streams created by engines and not yet finalized.
    package static var liveStreams: Int { streams.load(ordering: .relaxed) }

    static func engineCreated() { engines.add(1, ordering: .relaxed) }

    static func engineDestroyed() { engines.subtract(1, ordering: .relaxed) }

    /// Counts `stream` until it is finalized (whatever thread drops the last reference).
    static func track(_ stream: UnsafeMutablePointer<GtkMediaStream>) {
        streams.add(1, ordering: .relaxed)
        g_object_weak_ref(
            UnsafeMutableRawPointer(stream).assumingMemoryBound(to: GObject.self),
            { _, _ in MediaStreamLiveCount.streams.subtract(1, ordering: .relaxed) }, nil)
    }
}
