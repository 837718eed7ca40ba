import CascadeStorage
import Foundation
import Synchronization

/// An on-disk LRU cache of original (encoded) image bytes, bounded by total size.
///
/// - Each entry is one file named by the MD5 of the URL's absolute string (the hash thumbnail
///   names use too): no part of a URL ever reaches the file system. Entries named by the
///   SHA-256 of earlier versions are deleted when the cache opens.
/// - Writes go through `AtomicFile` (a cache write: no fsync), so a reader (in this process or
///   another) sees the old entry, the new one, or none, never a partial file; a full disk
///   stores nothing and leaves no temporary file.
/// - Every file starts with a small header carrying the payload length; a file whose header is
///   wrong or that is shorter than it says (truncated, corrupt) is deleted on read and reported
///   as a miss. The pipeline also deletes an entry whose bytes fail to decode and fetches again.
/// - The index (size and recency of every entry) is rebuilt from the directory at start, in the
///   order of the files' modification dates; a hit touches the file so the order survives
///   restarts.
/// - Thread-safe. Two instances may share a directory: each sees the other's entries (a lookup
///   always tries the file) and neither can corrupt a file; only their size accounting is
///   approximate, each trimming what it knows about.
public final class DiskImageCache: @unchecked Sendable {
    private struct Entry {
        var size: Int
        var order: UInt64
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var totalSize = 0
        var clock: UInt64 = 0
        var sizeLimit = 0
    }

    /// 150 MB.
    public static let defaultSizeLimit = 150 * 1024 * 1024
    /// "CSC1": the first bytes of every entry file.
    static let magic: [UInt8] = Array("CSC1".utf8)
    static let headerSize = 12
    /// The temporary files of earlier versions.
    private static let legacyTemporaryPrefix = ".tmp-"

    /// The folder holding the entries.
    public let directory: URL
    /// The most bytes (headers included) the cache keeps on disk (`setSizeLimit(_:)` changes it).
    public var sizeLimit: Int { state.withLock { $0.sizeLimit } }
    private let state = Mutex(State())

    // MARK: Lifecycle

    /// Opens (creating if needed) a cache in `directory` and rebuilds its index from the files
    /// there, evicting the oldest if they exceed `sizeLimit`. Temporary files whose writer
    /// has ended (and `.tmp-*` ones of earlier versions, after ten minutes) are removed.
    ///
    /// - Throws: `StorageFailure` if the directory cannot be created (also reported to
    ///   `StorageWarnings`), or the file-system error if it cannot be listed.
    public init(directory: URL, sizeLimit: Int = DiskImageCache.defaultSizeLimit) throws {
        self.directory = directory.standardizedFileURL
        state.withLock { $0.sizeLimit = max(0, sizeLimit) }
        do {
            try AtomicFile.makeFolder(self.directory.path)
        } catch {
            // A cache folder that cannot be made leaves the covers in memory only; say so once.
            StorageWarnings.shared.report(error)
            throw error
        }
        try rebuildIndex()
    }

    // MARK: Public API

    /// The bytes stored for `url`, marking the entry most recently used; nil on a miss or when
    /// the stored file is damaged (the file is then deleted).
    ///
    /// - Complexity: O(1) index work, plus reading the file and hashing the URL.
    public func data(for url: URL) -> Data? {
        let name = Self.fileName(for: url)
        let file = directory.appendingPathComponent(name)
        guard let contents = try? Data(contentsOf: file) else {
            forget(name)
            return nil
        }
        guard let payload = Self.payload(of: contents) else {
            delete(name)
            return nil
        }
        state.withLock { state in
            state.clock += 1
            if state.entries[name] == nil {  // written by another instance
                state.entries[name] = Entry(size: contents.count, order: state.clock)
                state.totalSize += contents.count
                let limit = state.sizeLimit
                evict(&state, toSize: limit)
            } else {
                state.entries[name]?.order = state.clock
            }
        }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
        return payload
    }

    /// Stores `data` for `url` (replacing any entry), then evicts least recently used entries
    /// until the cache fits `sizeLimit`. Data larger than the whole limit is not stored.
    ///
    /// - Returns: whether the entry was written.
    /// - Complexity: O(1) index work plus the write; an insertion that evicts sorts the index,
    ///   O(n log n) in the number n of entries.
    @discardableResult
    public func store(_ data: Data, for url: URL) -> Bool {
        let size = Self.headerSize + data.count
        guard size <= sizeLimit else { return false }
        let name = Self.fileName(for: url)
        var contents = Data(capacity: size)
        contents.append(contentsOf: Self.magic)
        withUnsafeBytes(of: UInt64(data.count).littleEndian) { contents.append(contentsOf: $0) }
        contents.append(data)
        do {
            try AtomicFile.write(
                contents, to: directory.appendingPathComponent(name), durability: .cache, folderPermissions: nil)
        } catch {
            return false
        }
        state.withLock { state in
            state.clock += 1
            state.totalSize += size - (state.entries[name]?.size ?? 0)
            state.entries[name] = Entry(size: size, order: state.clock)
            let limit = state.sizeLimit
            evict(&state, toSize: limit)
        }
        return true
    }

    /// Deletes the entry for `url`, if any.
    public func removeData(for url: URL) {
        delete(Self.fileName(for: url))
    }

    /// Deletes every entry (files of other instances in the directory included).
    public func removeAll() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        state.withLock { state in
            for name in names where Self.isHexName(name, length: 32) || Self.isHexName(name, length: 64) {
                unlink(directory.appendingPathComponent(name).path)
            }
            state.entries = [:]
            state.totalSize = 0
        }
    }

    /// Keeps at most `limit` bytes (negative: 0) from now on, evicting least recently used
    /// entries at once when the cache holds more (a smaller budget chosen in Preferences).
    public func setSizeLimit(_ limit: Int) {
        state.withLock { state in
            state.sizeLimit = max(0, limit)
            let limit = state.sizeLimit
            evict(&state, toSize: limit)
        }
    }

    /// Evicts least recently used entries until the cache holds at most `size` bytes.
    public func trim(toSize size: Int) {
        state.withLock { evict(&$0, toSize: max(0, size)) }
    }

    /// The bytes the cache holds on disk, headers included (as far as this instance knows).
    public var totalSize: Int { state.withLock { $0.totalSize } }

    /// The number of entries this instance knows.
    public var count: Int { state.withLock { $0.entries.count } }

    /// Whether this instance's index has an entry for `url` (no file-system access).
    public func contains(_ url: URL) -> Bool {
        state.withLock { $0.entries[Self.fileName(for: url)] != nil }
    }

    /// The file that holds (or would hold) the entry for `url`.
    public func fileURL(for url: URL) -> URL {
        directory.appendingPathComponent(Self.fileName(for: url))
    }

    /// The entry file name for `url`: the MD5 of its absolute string, in hexadecimal.
    public static func fileName(for url: URL) -> String {
        MD5.hex(url.absoluteString)
    }

    // MARK: Internal

    /// The payload of an entry file, or nil if the header is wrong or the length disagrees.
    static func payload(of contents: Data) -> Data? {
        guard contents.count >= headerSize, contents.prefix(4).elementsEqual(magic) else { return nil }
        var length: UInt64 = 0
        for (shift, byte) in contents.dropFirst(4).prefix(8).enumerated() {
            length |= UInt64(byte) << (UInt64(shift) * 8)
        }
        guard length == UInt64(contents.count - headerSize) else { return nil }
        return Data(contents.dropFirst(headerSize))
    }

    // MARK: Private

    /// Whether `name` is `length` lowercase hexadecimal digits: 32 for an entry, 64 for an entry
    /// of the earlier SHA-256 naming (never read again, so deleted).
    private static func isHexName(_ name: String, length: Int) -> Bool {
        name.utf8.count == length && name.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    private func rebuildIndex() throws {
        AtomicFile.sweep(directory.path)
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        let files = try FileManager.default.contentsOfDirectory(
            at: directory, includingPropertiesForKeys: keys, options: [])
        let staleBefore = Date().addingTimeInterval(-600)
        var found: [(name: String, size: Int, date: Date)] = []
        for file in files {
            let name = file.lastPathComponent
            let values = try? file.resourceValues(forKeys: Set(keys))
            let date = values?.contentModificationDate ?? .distantPast
            if name.hasPrefix(Self.legacyTemporaryPrefix) {
                if date < staleBefore { try? FileManager.default.removeItem(at: file) }
            } else if Self.isHexName(name, length: 32), let size = values?.fileSize {
                found.append((name, size, date))
            } else if Self.isHexName(name, length: 64) {
                try? FileManager.default.removeItem(at: file)
            }
        }
        found.sort { $0.date < $1.date || ($0.date == $1.date && $0.name < $1.name) }
        state.withLock { state in
            for file in found {
                state.clock += 1
                state.entries[file.name] = Entry(size: file.size, order: state.clock)
                state.totalSize += file.size
            }
            let limit = state.sizeLimit
            evict(&state, toSize: limit)
        }
    }

    /// Deletes least recently used files until `state` fits `limit`. Called with the lock held,
    /// so an eviction never races a concurrent store of the same entry in this process.
    private func evict(_ state: inout State, toSize limit: Int) {
        guard state.totalSize > limit else { return }
        let victims = state.entries.sorted { $0.value.order < $1.value.order }
        for (name, entry) in victims {
            guard state.totalSize > limit else { break }
            unlink(directory.appendingPathComponent(name).path)
            state.entries[name] = nil
            state.totalSize -= entry.size
        }
    }

    private func delete(_ name: String) {
        state.withLock { state in
            unlink(directory.appendingPathComponent(name).path)
            if let entry = state.entries.removeValue(forKey: name) { state.totalSize -= entry.size }
        }
    }

    private func forget(_ name: String) {
        state.withLock { state in
            if let entry = state.entries.removeValue(forKey: name) { state.totalSize -= entry.size }
        }
    }
}
