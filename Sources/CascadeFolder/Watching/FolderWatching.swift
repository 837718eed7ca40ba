/// Tells a folder feed that the folders it scanned changed on disk, as the changes happen (no
/// polling): inotify on Linux (`InotifyFolderWatcher`), a fake in tests.
///
/// Whether an event makes the feed stale is decided by `FolderEvent.marksStale` and the
/// library (`FolderLibrary`), not by the watcher, so that logic is tested without a file system.
public protocol FolderWatching: AnyObject, Sendable {
    /// Watches exactly `folders` (absolute paths) from now on, dropping the previous set, and
    /// hands every event to `handler` (on any thread).
    /// - Returns: the folders that could not be watched (gone, or over the system's limit).
    func watch(_ folders: [String], handler: @escaping @Sendable (FolderEvent) -> Void) -> [String]

    /// Stops watching.
    func stop()
}

/// One change in a watched folder.
public struct FolderEvent: Hashable, Sendable {
    /// What happened.
    public enum Kind: Hashable, Sendable {
        /// An entry was created or moved in.
        case added
        /// An entry was deleted or moved out.
        case removed
        /// A file was written and closed, or its attributes changed.
        case changed
        /// The watched folder itself was deleted or moved.
        case folderGone
        /// The system dropped events (its queue overflowed): anything may have changed.
        case overflow
    }

    /// The watched folder (empty for `.overflow`).
    public var folder: String
    /// The entry's name inside it (empty when the event is about the folder itself).
    public var name: String
    /// What happened.
    public var kind: Kind

    /// Creates an event.
    public init(folder: String, name: String, kind: Kind) {
        self.folder = folder
        self.name = name
        self.kind = kind
    }

    /// Whether the event may change what the feed shows: everything but changes to hidden
    /// entries, which the scan skips (a download's `.part` file, an editor's swap file).
    public var marksStale: Bool {
        switch kind {
        case .overflow, .folderGone: true
        case .added, .removed, .changed: !name.hasPrefix(".")
        }
    }
}
