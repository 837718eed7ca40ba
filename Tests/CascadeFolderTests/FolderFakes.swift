import Foundation

@testable import CascadeFolder

/// A prober that answers from the file's first bytes: `VIDEO WxH D` (a fixture format), and
/// counts its calls.
final class FakeProber: VideoProbing, @unchecked Sendable {
    private let lock = NSLock()
    private(set) var calls: [String] = []

    func probe(path: String) throws -> VideoProbe {
        lock.withLock { calls.append((path as NSString).lastPathComponent) }
        guard let data = FileManager.default.contents(atPath: path),
            let text = String(data: data.dropFirst(ScannerTests.mp4Header.count), encoding: .utf8)
        else { throw VideoProbeError.unreadable("unreadable") }
        let parts = text.split(separator: " ")
        guard parts.count == 3, parts[0] == "VIDEO" else { throw VideoProbeError.noVideo }
        let size = parts[1].split(separator: "x").compactMap { Int($0) }
        guard size.count == 2 else { throw VideoProbeError.noVideo }
        return VideoProbe(duration: Double(parts[2]), width: size[0], height: size[1])
    }
}

/// A grabber that returns a grey PNG after `delay`, records how many ran at once, and fails
/// for paths containing "bad".
final class FakeGrabber: FrameGrabbing, @unchecked Sendable {
    private let lock = NSLock()
    private var running = 0
    private(set) var peak = 0
    private(set) var calls = 0
    /// The `maxEdge` of every call, in order.
    private(set) var maxEdges: [Int] = []
    let delay: TimeInterval

    init(delay: TimeInterval = 0) { self.delay = delay }

    func thumbnailPNG(path: String, maxEdge: Int, duration: Double?) throws -> [UInt8] {
        lock.withLock {
            calls += 1
            maxEdges.append(maxEdge)
            running += 1
            peak = max(peak, running)
        }
        defer { lock.withLock { running -= 1 } }
        if delay > 0 { Thread.sleep(forTimeInterval: delay) }
        if path.contains("bad") { throw VideoProbeError.unreadable("cannot decode") }
        return StoredPNG.encode(width: 2, height: 1, rgb: [128, 128, 128, 128, 128, 128])!
    }
}

extension ScannerTests {
    /// A fixture "video": an mp4 header, then what `FakeProber` reads.
    static func fakeVideo(width: Int, height: Int, duration: Double) -> [UInt8] {
        mp4Header + Array("VIDEO \(width)x\(height) \(duration)".utf8)
    }
}

/// A watcher the test drives: records every folder set it was asked to watch and delivers the
/// events the test sends.
final class FakeWatcher: FolderWatching, @unchecked Sendable {
    enum Call: Equatable {
        case watch(Set<String>)
        case stop
    }

    private let lock = NSLock()
    private var handler: (@Sendable (FolderEvent) -> Void)?
    private(set) var calls: [Call] = []
    /// Folders `watch` reports as unwatched.
    var refused: Set<String> = []

    func watch(_ folders: [String], handler: @escaping @Sendable (FolderEvent) -> Void) -> [String] {
        lock.withLock {
            calls.append(.watch(Set(folders)))
            self.handler = handler
        }
        return folders.filter { refused.contains($0) }
    }

    func stop() {
        lock.withLock {
            calls.append(.stop)
            handler = nil
        }
    }

    /// Delivers `event` as the system would (from another thread's point of view).
    func send(_ event: FolderEvent) {
        lock.withLock { handler }?(event)
    }
}
