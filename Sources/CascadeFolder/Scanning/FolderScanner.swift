import CascadeContent
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Walks a folder tree and lists its video files, recognised by content (`ContentSignature`: audio-only
/// files and images are not listed).
///
/// It never hangs or crashes on what a real folder holds: symbolic-link loops are cut by
/// remembering every folder's device and inode, depth and file counts are capped, only regular
/// files are opened (never a FIFO or device), hidden entries are skipped, and a folder that
/// vanishes or cannot be read is reported as a `ScanProblem` and skipped.
///
/// - Complexity: O(*n*) system calls in the number of entries; files whose mtime and size are in
///   `known` are not opened again.
public struct FolderScanner: Sendable {
    /// Caps that keep a pathological tree bounded.
    public struct Limits: Sendable {
        /// Folders deeper than this below the root are skipped (`ScanProblem.tooDeep`).
        public var maxDepth = 24
        /// The scan stops listing after this many videos.
        public var maxFiles = 200_000

        /// The default limits.
        public init() {}
    }

    /// What a content check decided for one file version, cached between scans.
    public struct SniffRecord: Hashable, Sendable {
        /// The file's mtime, nanoseconds and size when it was sniffed.
        public var mtime: Int64, mtimeNanoseconds: Int64, size: Int64
        /// Whether its content is a video container.
        public var isVideo: Bool

        /// Creates a record.
        public init(mtime: Int64, mtimeNanoseconds: Int64, size: Int64, isVideo: Bool) {
            self.mtime = mtime
            self.mtimeNanoseconds = mtimeNanoseconds
            self.size = size
            self.isVideo = isVideo
        }
    }

    /// A scan's findings.
    public struct Result: Sendable {
        /// The videos, in the order found.
        public var files: [VideoFile] = []
        /// Every folder listed, with its modification time (seconds and nanoseconds): what
        /// `FolderMonitor` compares to notice a change.
        public var folders: [String: Int64] = [:]
        /// Skipped entries.
        public var problems: [ScanProblem] = []
        /// Content checks, by path, for the next scan.
        public var sniffed: [String: SniffRecord] = [:]
        /// False when the scan was stopped (cancelled, or the file cap was reached).
        public var isComplete = true
    }

    /// The caps.
    public var limits: Limits
    /// Called (on the scanning thread) after each folder is listed, with its relative path:
    /// lets a test hold a scan half-way to see what the app shows meanwhile.
    public var folderListed: (@Sendable (_ relativePath: String) -> Void)?

    /// Creates a scanner.
    public init(limits: Limits = Limits(), folderListed: (@Sendable (_ relativePath: String) -> Void)? = nil) {
        self.limits = limits
        self.folderListed = folderListed
    }

    /// Scans `root`.
    /// - Parameters:
    ///   - root: an absolute folder path.
    ///   - known: content checks from an earlier scan.
    ///   - progress: called with the videos found so far after each folder; return false to stop.
    /// - Throws: `FolderScanError` when `root` is not a readable folder.
    public func scan(
        root: String, known: [String: SniffRecord] = [:], progress: (_ found: [VideoFile]) -> Bool = { _ in true }
    ) throws(FolderScanError) -> Result {
        let rootPath = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        var info = stat()
        guard stat(rootPath, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder(root) }
        guard access(rootPath, R_OK | X_OK) == 0 else { throw .unreadable(root) }
        var result = Result()
        var visited: Set<FolderID> = [FolderID(info)]
        var stack: [(path: String, relative: String, depth: Int)] = [(rootPath, "", 0)]
        while let folder = stack.popLast() {
            guard let listing = opendir(folder.path) else {
                if folder.depth == 0 { throw .unreadable(root) }
                result.problems.append(.unreadableFolder(folder.relative))
                continue
            }
            if stat(folder.path, &info) == 0 { result.folders[folder.path] = Self.stamp(info) }
            var subfolders: [(path: String, relative: String, depth: Int)] = []
            while let entry = readdir(listing) {
                let name = withUnsafePointer(to: entry.pointee.d_name) {
                    String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
                }
                if name.hasPrefix(".") { continue }
                let path = folder.path == "/" ? "/" + name : folder.path + "/" + name
                let relative = folder.relative.isEmpty ? name : folder.relative + "/" + name
                guard stat(path, &info) == 0 else {
                    result.problems.append(errno == ELOOP ? .symlinkLoop(relative) : .vanished(relative))
                    continue
                }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    guard visited.insert(FolderID(info)).inserted else {
                        result.problems.append(.symlinkLoop(relative))
                        continue
                    }
                    guard folder.depth < limits.maxDepth else {
                        result.problems.append(.tooDeep(relative))
                        continue
                    }
                    subfolders.append((path, relative, folder.depth + 1))
                case S_IFREG:
                    guard info.st_size > 0 else { continue }
                    let record = sniff(path: path, relative: relative, info: info, known: known, result: &result)
                    guard record?.isVideo == true else { continue }
                    let top = relative.firstIndex(of: "/").map { String(relative[..<$0]) }
                    result.files.append(
                        VideoFile(
                            path: path, relativePath: relative, topFolder: top, mtime: Self.mtime(info).seconds,
                            mtimeNanoseconds: Self.mtime(info).nanoseconds, size: Int64(info.st_size)))
                default:
                    continue
                }
                if result.files.count >= limits.maxFiles { break }
            }
            closedir(listing)
            // Depth first, in name order, so the scan order is reproducible.
            stack += subfolders.sorted { $0.relative > $1.relative }
            if result.files.count >= limits.maxFiles || !progress(result.files) {
                result.isComplete = false
                break
            }
            folderListed?(folder.relative)
        }
        return result
    }

    // MARK: Private

    private struct FolderID: Hashable {
        var device: UInt64
        var inode: UInt64
        init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    static func stamp(_ info: stat) -> Int64 {
        let time = mtime(info)
        return time.seconds &* 1_000_000_000 &+ time.nanoseconds
    }

    static func mtime(_ info: stat) -> (seconds: Int64, nanoseconds: Int64) {
        #if canImport(Darwin)
            (Int64(info.st_mtimespec.tv_sec), Int64(info.st_mtimespec.tv_nsec))
        #else
            (Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec))
        #endif
    }

    private func sniff(
        path: String, relative: String, info: stat, known: [String: SniffRecord], result: inout Result
    ) -> SniffRecord? {
        let (mtime, nanos) = Self.mtime(info)
        let size = Int64(info.st_size)
        if let record = known[path], record.mtime == mtime, record.mtimeNanoseconds == nanos, record.size == size {
            result.sniffed[path] = record
            return record
        }
        // O_NONBLOCK: a file that turned into a FIFO since stat must not block the scan.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            result.problems.append(.unreadableFile(relative))
            return nil
        }
        defer { close(fd) }
        var prefix = [UInt8](repeating: 0, count: ContentSignature.headerLength)
        let count = prefix.withUnsafeMutableBytes { read(fd, $0.baseAddress, ContentSignature.headerLength) }
        guard count >= 0 else {
            result.problems.append(.unreadableFile(relative))
            return nil
        }
        let record = SniffRecord(
            mtime: mtime, mtimeNanoseconds: nanos, size: size,
            isVideo: ContentSignature(header: prefix[..<count]).isVideo)
        result.sniffed[path] = record
        return record
    }
}
