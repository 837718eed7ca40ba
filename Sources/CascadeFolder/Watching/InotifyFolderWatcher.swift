#if canImport(Glibc)
    import Foundation
    import Glibc

    /// `FolderWatching` over Linux's inotify: one watch per folder (inotify is not recursive),
    /// events read on a dispatch source as they arrive.
    ///
    /// A folder over the per-user watch limit (`fs.inotify.max_user_watches`) is returned as
    /// unwatched; the feed then notices changes in it only when it rescans on a pull.
    public final class InotifyFolderWatcher: FolderWatching, @unchecked Sendable {
        private struct Session {
            var source: DispatchSourceRead
            var folders: [Int32: String]
        }

        private let queue = DispatchQueue(label: "cascade.folder.inotify")
        private let lock = NSLock()
        private var session: Session?

        // MARK: Lifecycle

        /// Creates a watcher that watches nothing yet.
        public init() {}

        deinit { stop() }

        // MARK: FolderWatching

        public func watch(_ folders: [String], handler: @escaping @Sendable (FolderEvent) -> Void) -> [String] {
            stop()
            let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard fd >= 0 else { return folders }
            let mask = UInt32(
                IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_ATTRIB | IN_DELETE_SELF
                    | IN_MOVE_SELF | IN_ONLYDIR)
            var watched: [Int32: String] = [:]
            var unwatched: [String] = []
            for folder in folders {
                let wd = inotify_add_watch(fd, folder, mask)
                if wd >= 0 { watched[wd] = folder } else { unwatched.append(folder) }
            }
            let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
            let names = watched
            source.setEventHandler { Self.drain(fd, folders: names, handler: handler) }
            source.setCancelHandler { close(fd) }
            lock.withLock { session = Session(source: source, folders: watched) }
            source.resume()
            return unwatched
        }

        public func stop() {
            let old = lock.withLock { () -> Session? in
                defer { session = nil }
                return session
            }
            old?.source.cancel()
        }

        /// How many folders are watched now.
        public var watchedCount: Int { lock.withLock { session?.folders.count ?? 0 } }

        // MARK: Private

        /// Reads every pending event (the descriptor is non-blocking).
        private static func drain(_ fd: Int32, folders: [Int32: String], handler: (FolderEvent) -> Void) {
            var buffer = [UInt8](repeating: 0, count: 64 << 10)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                guard count > 0 else { return }
                for event in parse(buffer[0..<count], folders: folders) { handler(event) }
            }
        }

        /// Splits a read into events: `struct inotify_event { int wd; uint32_t mask, cookie, len;
        /// char name[len]; }`, the name NUL-padded.
        static func parse(_ bytes: ArraySlice<UInt8>, folders: [Int32: String]) -> [FolderEvent] {
            var events: [FolderEvent] = []
            var offset = bytes.startIndex
            // The kernel writes the fields in the machine's byte order.
            func word(_ at: Int) -> UInt32 {
                bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at - bytes.startIndex, as: UInt32.self) }
            }
            while offset + 16 <= bytes.endIndex {
                let wd = Int32(bitPattern: word(offset))
                let mask = word(offset + 4)
                let length = Int(word(offset + 12))
                let nameEnd = min(bytes.endIndex, offset + 16 + length)
                let nameBytes = bytes[(offset + 16)..<nameEnd].prefix { $0 != 0 }
                offset = nameEnd
                let name = String(decoding: nameBytes, as: UTF8.self)
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    events.append(FolderEvent(folder: "", name: "", kind: .overflow))
                    continue
                }
                guard let folder = folders[wd] else { continue }
                let kind: FolderEvent.Kind
                if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                    kind = .folderGone
                } else if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                    kind = .added
                } else if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
                    kind = .removed
                } else if mask & UInt32(IN_CLOSE_WRITE | IN_ATTRIB) != 0 {
                    kind = .changed
                } else {
                    continue  // IN_IGNORED after a removed watch, and the like
                }
                events.append(FolderEvent(folder: folder, name: name, kind: kind))
            }
            return events
        }
    }
#endif
