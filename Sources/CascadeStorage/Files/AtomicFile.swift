import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Cascade's one way to replace a file: every store (preferences, resume positions, the feed
/// page cache, the image disk cache, thumbnails, the folder media cache) writes through it.
///
/// A write fills a temporary file beside the target (`TemporaryFileName`), optionally flushes
/// it to disk, renames it over the target and flushes the folder. A reader, or the next start
/// after a crash at any moment, sees the old file or the new one, never a torn one. A failed
/// write removes its temporary file and leaves the old file as it was; the failure goes to
/// `StorageWarnings.shared` (once per folder) and is thrown.
///
/// The first write into a folder in a process sweeps it: temporary files whose writer has ended
/// (a crash, a kill) are deleted, so they never pile up.
public enum AtomicFile {
    /// How hard a write tries to last.
    public enum Durability: Sendable {
        /// `fsync` the file before the rename and the folder after it: the new file survives a
        /// power loss, not only a crash (preferences, resume positions).
        case durable
        /// No `fsync`: a crash of the app leaves the old or the new file; a power loss may lose
        /// the write (caches, which are rebuilt).
        case cache
    }

    private static let swept = Mutex(Set<String>())

    // MARK: Writing

    /// Replaces the file at `url` with `bytes`.
    /// - Parameters:
    ///   - permissions: the new file's mode (masked by the umask as `open` does).
    ///   - folderPermissions: the mode of folders created on the way; nil creates none (the
    ///     write fails when the folder is missing).
    /// - Throws: `StorageFailure`; the old file is then unchanged and no temporary file is left.
    public static func write(
        _ bytes: some Collection<UInt8>, to url: URL, durability: Durability, permissions: mode_t = 0o644,
        folderPermissions: mode_t? = 0o755
    ) throws(StorageFailure) {
        let folder = url.deletingLastPathComponent().path
        do throws(StorageFailure) {
            if let folderPermissions { try makeFolder(folder, permissions: folderPermissions) }
            sweepOnce(folder)
            try replace(url.path, in: folder, with: bytes, durability: durability, permissions: permissions)
        } catch {
            StorageWarnings.shared.report(error)
            throw error
        }
    }

    /// Creates `path` and its missing parents with `permissions` (an existing folder is left as it is).
    /// - Throws: `StorageFailure` with step `.createFolder`.
    public static func makeFolder(_ path: String, permissions: mode_t = 0o755) throws(StorageFailure) {
        var missing: [String] = []
        var current = path
        var status = stat()
        while !current.isEmpty, current != "/", stat(current, &status) != 0 {
            missing.append(current)
            current = (current as NSString).deletingLastPathComponent
        }
        if missing.isEmpty, (status.st_mode & S_IFMT) != S_IFDIR {
            throw StorageFailure(step: .createFolder, path: path, code: ENOTDIR)
        }
        for folder in missing.reversed() where mkdir(folder, permissions) != 0 && errno != EEXIST {
            throw StorageFailure(step: .createFolder, path: folder, code: errno)
        }
    }

    // MARK: Sweeping

    /// Deletes the temporary files in `folder` whose writer has ended; returns how many.
    @discardableResult
    public static func sweep(_ folder: String) -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return 0 }
        var removed = 0
        for name in names {
            guard let temporary = TemporaryFileName(parsing: name) else { continue }
            let path = (folder as NSString).appendingPathComponent(name)
            var status = stat()
            guard lstat(path, &status) == 0,
                temporary.writerIsGone(fileModified: Date(timeIntervalSince1970: Double(status.st_mtim.tv_sec)))
            else { continue }
            if unlink(path) == 0 { removed += 1 }
        }
        return removed
    }

    /// `sweep(folder)` the first time this process asks for `folder`.
    public static func sweepOnce(_ folder: String) {
        guard swept.withLock({ $0.insert(folder).inserted }) else { return }
        sweep(folder)
    }

    // MARK: Private

    private static func replace(
        _ target: String, in folder: String, with bytes: some Collection<UInt8>, durability: Durability,
        permissions: mode_t
    ) throws(StorageFailure) {
        let name = (target as NSString).lastPathComponent
        let temporary = (folder as NSString).appendingPathComponent(TemporaryFileName.fresh(for: name))
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
        guard descriptor >= 0 else { throw StorageFailure(step: .create, path: target, code: errno) }
        var isOpen = true
        do throws(StorageFailure) {
            try writeAll(bytes, to: descriptor, path: target)
            if durability == .durable, fsync(descriptor) != 0 {
                throw StorageFailure(step: .sync, path: target, code: errno)
            }
            // close reports a delayed write error (NFS, some FUSE file systems); the descriptor
            // is released either way.
            isOpen = false
            guard close(descriptor) == 0 else { throw StorageFailure(step: .write, path: target, code: errno) }
            guard rename(temporary, target) == 0 else { throw StorageFailure(step: .rename, path: target, code: errno) }
        } catch {
            if isOpen { close(descriptor) }
            unlink(temporary)
            throw error
        }
        if durability == .durable { syncFolder(folder) }
    }

    private static func writeAll(
        _ bytes: some Collection<UInt8>, to descriptor: Int32, path: String
    ) throws(StorageFailure) {
        let contiguous = bytes.withContiguousStorageIfAvailable { buffer in
            writeBuffer(UnsafeRawBufferPointer(buffer), to: descriptor)
        }
        let code = contiguous ?? Array(bytes).withUnsafeBytes { writeBuffer($0, to: descriptor) }
        if code != 0 { throw StorageFailure(step: .write, path: path, code: code) }
    }

    /// Writes the whole buffer; returns 0 or the errno that stopped it.
    private static func writeBuffer(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        var offset = 0
        while offset < buffer.count {
            let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return 0
    }

    /// Makes the rename itself durable: a folder's entry reaches the disk only with the folder's fsync.
    private static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
