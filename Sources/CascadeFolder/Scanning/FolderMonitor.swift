import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Notices that a scanned tree changed by comparing its folders' modification times: adding,
/// removing or renaming a file changes its folder's mtime. (An edit in place does not; a
/// refresh rescans and catches it by the file's own mtime.) Polling costs one `stat` per folder.
public enum FolderMonitor {
    /// Whether any folder in `stamps` (path → `FolderScanner` stamp) changed or vanished.
    public static func changed(_ stamps: [String: Int64]) -> Bool {
        var info = stat()
        for (path, stamp) in stamps {
            guard stat(path, &info) == 0 else { return true }
            if FolderScanner.stamp(info) != stamp { return true }
        }
        return false
    }
}
