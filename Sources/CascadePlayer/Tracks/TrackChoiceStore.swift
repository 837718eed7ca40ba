import CascadeStorage
import Foundation

/// The tracks chosen per video, kept in a file across runs, as `ResumeStore` keeps positions.
///
/// - Location: `$XDG_STATE_HOME/cascade/track-choices` (beside the resume positions).
/// - Bounded: the `capacity` most recently chosen videos (500 by default).
/// - Written at each change through `AtomicFile` (durable, 0600 in a 0700 folder); a write
///   that fails keeps the choices in memory and the old file.
/// - A missing file is an empty store; a damaged one is ignored with a warning and replaced at
///   the next change (`TrackChoiceFileFormat`).
///
/// ```swift
/// let store = TrackChoiceStore(fileURL: TrackChoiceStore.defaultFileURL())
/// store.record(TrackChoice(subtitles: .off), for: url.absoluteString)
/// ```
@MainActor
public final class TrackChoiceStore {
    /// The file (nil: kept in memory only).
    public let fileURL: URL?
    /// What was wrong with the file, one line each.
    public private(set) var warnings: [String] = []
    /// The remembered choices.
    public private(set) var list: TrackChoiceList

    // MARK: Lifecycle

    /// Loads `fileURL` (nil: an empty store kept in memory only).
    public init(fileURL: URL?, capacity: Int = 500) {
        self.fileURL = fileURL
        list = TrackChoiceList(capacity: capacity)
        guard let fileURL else { return }
        // What a crash mid-write left goes at the start, even when nothing is written this run.
        AtomicFile.sweepOnce(fileURL.deletingLastPathComponent().path)
        guard let data = Self.read(fileURL) else { return }
        let decoded = TrackChoiceFileFormat.decode(data, capacity: capacity)
        for (key, choice) in decoded.entries { list.set(choice, for: key) }
        warnings = decoded.warnings.map { "\(fileURL.path): \($0)" }
    }

    /// The default file, `$XDG_STATE_HOME/cascade/track-choices`.
    public static func defaultFileURL(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        home: URL = FileManager.default.homeDirectoryForCurrentUser
    ) -> URL {
        ResumeStore.defaultFileURL(environment: environment, home: home).deletingLastPathComponent()
            .appendingPathComponent("track-choices")
    }

    // MARK: Public API

    /// The choice remembered for `key`, nil when none.
    public func choice(for key: String) -> TrackChoice? { list[key] }

    /// Remembers `choice` for `key` (an empty choice or an invalid key is ignored) and writes
    /// the file when something changed.
    public func record(_ choice: TrackChoice, for key: String) {
        guard !choice.isEmpty, ResumeFileFormat.isValidKey(key), list[key] != choice || list.entries.last?.key != key
        else { return }
        list.set(choice, for: key)
        guard let fileURL else { return }
        try? AtomicFile.write(
            TrackChoiceFileFormat.encode(list.entries), to: fileURL, durability: .durable, permissions: 0o600,
            folderPermissions: 0o700)
    }

    // MARK: Private

    /// The file's first bytes (bounded), nil when it is missing or not a regular file.
    private static func read(_ url: URL) -> Data? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            (attributes[.type] as? FileAttributeType) == .typeRegular,
            let handle = try? FileHandle(forReadingFrom: url)
        else { return nil }
        defer { try? handle.close() }
        return try? handle.read(upToCount: TrackChoiceFileFormat.maximumBytes + 1)
    }
}
