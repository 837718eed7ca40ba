/// The platform's folder watcher.
public enum FolderWatchers {
    /// inotify on Linux; nil where none is implemented (changes then show up at the next
    /// rescan, which a pull starts).
    public static func system() -> (any FolderWatching)? {
        #if canImport(Glibc)
            InotifyFolderWatcher()
        #else
            nil
        #endif
    }
}
