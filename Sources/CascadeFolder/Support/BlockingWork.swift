import Foundation

/// Runs blocking calls (file-system walks, GStreamer) on a thread of their own, so they never
/// hold a thread of Swift's cooperative pool.
enum BlockingWork {
    private static let queue = DispatchQueue(label: "cascade.folder.blocking", qos: .utility, attributes: .concurrent)

    static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: body()) }
        }
    }
}
