/// Something a scan skipped, with the path it concerns (relative to the scanned folder).
public enum ScanProblem: Hashable, Sendable {
    /// A folder that could not be listed (permissions, or it vanished while scanning).
    case unreadableFolder(String)
    /// A file that could not be opened to look at its content.
    case unreadableFile(String)
    /// A symbolic link back to a folder already being scanned.
    case symlinkLoop(String)
    /// A folder deeper than the scan's depth limit.
    case tooDeep(String)
    /// A broken symbolic link or an entry that vanished between listing and looking at it.
    case vanished(String)
}

/// Why a scan could not run at all.
public enum FolderScanError: Error, Hashable, Sendable {
    /// The folder does not exist or is not a folder.
    case notAFolder(String)
    /// The folder exists but cannot be listed.
    case unreadable(String)
}
