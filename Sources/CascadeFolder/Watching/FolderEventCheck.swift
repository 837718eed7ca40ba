import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether the last scan already saw what an event reports. Events arrive late: a file added
/// just before a pull sends its "closed after writing" event while (or after) the pull's rescan
/// lists it, and that must not mark the fresh feed stale again.
///
/// - An entry added to or removed from a folder changes the folder's mtime: seen when the
///   folder's mtime is still the one the scan recorded.
/// - A file written or changed in place: seen when its mtime and size are the ones the scan
///   recorded for it.
/// - A folder gone, or an overflow (events lost): never seen.
///
/// - Complexity: one `stat` call.
public enum FolderEventCheck {
    /// Whether the scan that recorded `folderStamps` (folder → `FolderScanner` stamp) and
    /// `files` (path → content check) already saw the state after `event`.
    public static func alreadySeen(
        _ event: FolderEvent, folderStamps: [String: Int64], files: [String: FolderScanner.SniffRecord]
    ) -> Bool {
        var info = stat()
        switch event.kind {
        case .overflow, .folderGone:
            return false
        case .added, .removed:
            guard let stamp = folderStamps[event.folder], stat(event.folder, &info) == 0 else { return false }
            return FolderScanner.stamp(info) == stamp
        case .changed:
            let path = event.folder + "/" + event.name
            guard let record = files[path], stat(path, &info) == 0 else { return false }
            let (seconds, nanoseconds) = FolderScanner.mtime(info)
            return seconds == record.mtime && nanoseconds == record.mtimeNanoseconds
                && Int64(info.st_size) == record.size
        }
    }
}
