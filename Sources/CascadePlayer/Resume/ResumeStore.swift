import CascadeStorage
import Foundation

/// Where videos were left, kept in a file across runs: the default `ResumeStoring`.
///
/// - Location: `$XDG_STATE_HOME/cascade/resume-positions` (`~/.local/state/...` when the
///   variable is unset, empty or relative, as the XDG base directory specification says): the
///   spec's place for state that should outlive a restart but is not a document or a setting.
/// - Bounded: the `policy.capacity` most recently watched videos (500 by default).
/// - Written when a recorded change changes something, through `AtomicFile` (durable: fsync of
///   the file and its folder), so a crash or a power loss leaves the old or the new file, never
///   a torn one. The file is private (0600, its folder 0700). A write that fails (a full disk, a
///   read-only folder) keeps the positions in memory and the old file as it was; the failure is
///   warned once per folder by `StorageWarnings`.
/// - A missing file is an empty store; a damaged one is ignored with a warning (nothing traps,
///   see `ResumeFileFormat`) and replaced at the next change.
///
/// ```swift
/// let store = ResumeStore(fileURL: ResumeStore.defaultFileURL())
/// store.record(url.absoluteString, position: 83, duration: 212)
/// store.resumePoint(for: url.absoluteString)?.position  // 83
/// ```
@MainActor
public final class ResumeStore: ResumeStoring {
    /// The file (nil: kept in memory only).
    public let fileURL: URL?
    /// When a position is kept.
    public let policy: ResumePolicy
    /// What was wrong with the file, one line each (oldest first).
    public private(set) var warnings: [String] = []
    /// Called with each new warning (the host prints it).
    public var onWarning: ((String) -> Void)?
    /// Called after the remembered positions changed (cells redraw their progress bars).
    public var onChange: (() -> Void)?
    /// The remembered videos.
    public private(set) var list: ResumeList

    // MARK: Lifecycle

    /// Loads `fileURL` (nil: an empty store kept in memory only).
    public init(fileURL: URL?, policy: ResumePolicy = ResumePolicy()) {
        self.fileURL = fileURL
        self.policy = policy
        list = ResumeList(capacity: policy.capacity)
        guard let fileURL else { return }
        // What a crash mid-write left goes at the start, even when nothing is written this run.
        AtomicFile.sweepOnce(fileURL.deletingLastPathComponent().path)
        switch Self.read(fileURL) {
        case .missing:
            break
        case .unreadable(let reason):
            warn("\(fileURL.path): \(reason); ignored")
        case .data(let data):
            let decoded = ResumeFileFormat.decode(data, capacity: policy.capacity)
            list = decoded.list
            for warning in decoded.warnings { warn("\(fileURL.path): \(warning)") }
        }
    }

    /// The default file, `$XDG_STATE_HOME/cascade/resume-positions` (see the type).
    public static func defaultFileURL(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        home: URL = FileManager.default.homeDirectoryForCurrentUser
    ) -> URL {
        let state =
            environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? home.appendingPathComponent(".local/state")
        return state.appendingPathComponent("cascade/resume-positions")
    }

    /// Labels given for videos not remembered yet, the few most recent: a video is described
    /// when it is opened and remembered only once it is left partway.
    private var pendingLabels: [(key: String, label: String)] = []

    /// Describes the video `key` as `label` (the host's own text, such as the item's JSON, for
    /// showing it again); kept with its position once it has one, dropped with it. An invalid
    /// key or label (`ResumeFileFormat`) is ignored.
    public func describe(_ key: String, as label: String) {
        guard ResumeFileFormat.isValidKey(key), ResumeFileFormat.isValidLabel(label) else { return }
        guard list[key] == nil else {
            if list.setLabel(label, for: key) { changed() }
            return
        }
        pendingLabels.removeAll { $0.key == key }
        pendingLabels.append((key, label))
        if pendingLabels.count > 8 { pendingLabels.removeFirst() }
    }

    // MARK: ResumeStoring

    public func resumePoint(for key: String) -> ResumePoint? {
        list[key]
    }

    public func record(_ key: String, position: Double, duration: Double) {
        guard ResumeFileFormat.isValidKey(key) else { return }
        // A stop before the engine knew the duration keeps the one recorded earlier.
        let known = duration.isFinite && duration > 0 ? duration : list[key]?.duration ?? 0
        let point = ResumePoint(position: position, duration: known)
        switch policy.decision(position: point.position, duration: point.duration) {
        case .remember:
            let label = pendingLabels.firstIndex { $0.key == key }.map { pendingLabels.remove(at: $0).label }
            guard list[key] != point || !list.isMostRecent(key) || label != nil else { return }
            list.set(point, for: key, label: label)
        case .tooEarly, .finished:
            guard list.remove(key) else { return }
        }
        changed()
    }

    public func finished(_ key: String) {
        guard list.remove(key) else { return }
        changed()
    }

    // MARK: Private

    private enum ReadResult {
        case missing
        case unreadable(String)
        case data(Data)
    }

    private static func read(_ url: URL) -> ReadResult {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return .missing }
        guard (attributes[.type] as? FileAttributeType) == .typeRegular else {
            return .unreadable("not a regular file")
        }
        guard let handle = try? FileHandle(forReadingFrom: url) else { return .unreadable("cannot be opened") }
        defer { try? handle.close() }
        // Bounded while reading: a file that grew since the check still cannot fill memory.
        guard let data = try? handle.read(upToCount: ResumeFileFormat.maximumBytes + 1) else {
            return .data(Data())
        }
        return .data(data)
    }

    private func changed() {
        save()
        onChange?()
    }

    private func save() {
        guard let fileURL else { return }
        // What a person watched is theirs alone: 0600, like the thumbnails of their videos.
        try? AtomicFile.write(
            ResumeFileFormat.encode(list), to: fileURL, durability: .durable, permissions: 0o600,
            folderPermissions: 0o700)
    }

    private func warn(_ message: String) {
        warnings.append(message)
        if warnings.count > 32 { warnings.removeFirst(warnings.count - 32) }
        onWarning?(message)
    }
}
