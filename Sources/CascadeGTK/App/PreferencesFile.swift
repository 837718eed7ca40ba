import CGtk
import CascadeScreens
import CascadeStorage
import Foundation

/// The preferences key file on disk (GKeyFile): reads it once, writes it atomically when
/// `PreferencesModel` says a setting changed. Every decision is the model's.
@MainActor
public final class PreferencesFile {
    /// The file.
    package let url: URL
    /// The decisions and the settings in effect.
    package private(set) var model: PreferencesModel

    // MARK: Lifecycle

    /// Loads `url` (missing: defaults), printing the model's warnings to stderr.
    public init(url: URL) {
        self.url = url
        model = PreferencesModel(source: Self.load(url))
        for warning in model.warnings { Self.warn(warning) }
    }

    /// The default location, `$XDG_CONFIG_HOME/cascade/preferences.ini`.
    public static var defaultURL: URL {
        PreferencesModel.fileURL(
            environment: ProcessInfo.processInfo.environment, home: FileManager.default.homeDirectoryForCurrentUser)
    }

    // MARK: Public API

    /// The settings in effect.
    package var preferences: Preferences { model.preferences }

    /// Changes settings; writes the file when something changed.
    package func update(_ change: (inout Preferences) -> Void) {
        if let entries = model.update(change) { write(entries) }
    }

    /// Records the selected channel (see `PreferencesModel.channelSelected`).
    package func channelSelected(_ id: String, isFirst: Bool) {
        if let entries = model.channelSelected(id, isFirst: isFirst) { write(entries) }
    }

    // MARK: Key file I/O

    static func load(_ url: URL) -> PreferencesModel.Source {
        // What a crash mid-write left goes at the start, even when nothing is written this run.
        AtomicFile.sweepOnce(url.deletingLastPathComponent().path)
        if let refused = PreferencesModel.refusedSource(at: url) { return refused }
        let file = g_key_file_new()
        defer { g_key_file_free(file) }
        var error: UnsafeMutablePointer<GError>?
        guard g_key_file_load_from_file(file, url.path, G_KEY_FILE_NONE, &error) != 0 else {
            return .unreadable(consume(&error))
        }
        guard g_key_file_has_group(file, PreferencesModel.group) != 0 else { return .entries([:]) }
        var count: gsize = 0
        guard let keys = g_key_file_get_keys(file, PreferencesModel.group, &count, &error) else {
            return .unreadable(consume(&error))
        }
        defer { g_strfreev(keys) }
        var entries: [String: String] = [:]
        for i in 0..<Int(count) {
            guard let key = keys[i] else { continue }
            if let value = g_key_file_get_string(file, PreferencesModel.group, key, nil) {
                entries[String(cString: key)] = String(cString: value)
                g_free(value)
            }
        }
        return .entries(entries)
    }

    /// Writes the whole file through `AtomicFile` (durable), so neither a crash nor a power loss
    /// leaves half a file, and a failed write (warned once per folder) keeps the old one.
    private func write(_ entries: [String: String]) {
        let file = g_key_file_new()
        defer { g_key_file_free(file) }
        g_key_file_set_comment(file, nil, nil, " Cascade preferences (written by the app)", nil)
        for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
            g_key_file_set_string(file, PreferencesModel.group, key, value)
        }
        var length: gsize = 0
        guard let text = g_key_file_to_data(file, &length, nil) else { return }
        defer { g_free(text) }
        let bytes = UnsafeRawBufferPointer(start: text, count: Int(length))
        try? AtomicFile.write(bytes, to: url, durability: .durable, permissions: 0o644, folderPermissions: 0o700)
    }

    private static func consume(_ error: inout UnsafeMutablePointer<GError>?) -> String {
        defer {
            g_error_free(error)
            error = nil
        }
        guard let error, let message = error.pointee.message else { return "unknown error" }
        return String(cString: message)
    }

    private static func warn(_ message: String) {
        Console.warn(message)
    }
}
