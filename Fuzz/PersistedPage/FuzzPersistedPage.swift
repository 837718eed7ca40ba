import Foundation

@testable import CascadeFeed

/// libFuzzer entry: any bytes as the persisted first page. The bytes are written where a
/// `FeedPageCache` keeps its file (a private folder under `$TMPDIR`) and read back through
/// `load()`, the path a restart takes: loading gives nil or a page whose items hold the same
/// promises as fresh ones (`FeedChecks`), never a trap or a leak.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let cache = FuzzPersistedPage.cache
    guard FileManager.default.createFile(atPath: cache.fileURL.path, contents: Data(bytes: data, count: size)) else {
        fatalError("cannot write \(cache.fileURL.path)")
    }
    if let page = cache.load() { FeedChecks.check(page, policy: cache.policy) }
    return 0
}

enum FuzzPersistedPage {
    /// One cache in a folder of this process's own.
    static let cache: FeedPageCache = {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].map { URL(fileURLWithPath: $0) }
        let directory = (base ?? URL(fileURLWithPath: "/tmp"))
            .appendingPathComponent("cascade-fuzz-persisted-\(getpid())", isDirectory: true)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: FuzzPersistedPage.cache.fileURL.deletingLastPathComponent()) }
        return FeedPageCache(directory: directory, key: "fuzz")
    }()
}
