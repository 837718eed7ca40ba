import Foundation

/// Temporary folders a test makes, removed when this object goes away.
///
/// Keep one as a stored property of a `@Suite struct`: Swift Testing makes a fresh suite value
/// for each test and drops it afterwards, so each test's folders are removed when it ends.
/// `TemporaryFolders.process` removes its folders when the test process exits, for helpers that
/// hand out plain URLs. `scripts/test.sh` runs the tests in a private temporary directory and
/// fails if anything is left in it.
///
/// ```swift
/// @Suite struct SomeAppTests {
///     let temporary = TemporaryFolders()
///     @Test func runs() throws {
///         let folder = try temporary.make("cascade-app")  // cascade-app-<UUID>, removed after the test
///     }
/// }
/// ```
public final class TemporaryFolders: @unchecked Sendable {
    private let lock = NSLock()
    private var folders: [URL] = []

    /// An empty set of folders.
    public init() {}

    deinit { removeAll() }

    /// Creates `<prefix>-<UUID>` under the temporary directory and returns it.
    public func make(_ prefix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        lock.withLock { folders.append(url) }
        return url
    }

    /// Removes every folder made so far.
    public func removeAll() {
        let urls = lock.withLock {
            defer { folders.removeAll() }
            return folders
        }
        for url in urls { try? FileManager.default.removeItem(at: url) }
    }

    /// Folders removed when the test process exits (an `atexit` handler).
    public static let process: TemporaryFolders = {
        let folders = TemporaryFolders()
        atexit { TemporaryFolders.process.removeAll() }
        return folders
    }()
}

/// Where tests keep what they generate once and reuse across runs (demo catalogs, clips, image
/// fixtures): `.build/test-cache` in the repository, outside the temporary directory that
/// `scripts/test.sh` checks for leftovers, and gone with `rm -rf .build`.
public enum TestCache {
    /// The cache folder (created on first use).
    public static let directory: URL = {
        let url = Repository.root.appendingPathComponent(".build/test-cache")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()
}
