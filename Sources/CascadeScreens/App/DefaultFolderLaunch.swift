import Foundation

/// What `cascade` with no arguments opens: the default folder chosen in Preferences, as
/// `cascade DIR` would, when it is a folder the app can list; otherwise the demo catalog, and a
/// toast says why the folder was not opened. Any source or path on the command line wins.
///
/// ```swift
/// let start = DefaultFolderLaunch.resolve(options, defaultFolder: "/home/me/Videos")
/// start.options.source  // .folder("/home/me/Videos") when it can be listed
/// start.problem?.notice // "The default folder is missing; showing the demo videos." otherwise
/// ```
public enum DefaultFolderLaunch {
    /// Why the default folder was not opened.
    public enum Problem: Equatable, Sendable {
        /// Nothing is at the path.
        case missing
        /// Something other than a folder is at the path.
        case notAFolder
        /// The folder cannot be listed (permissions).
        case unreadable

        /// The toast's text (English; the host translates it).
        public var notice: String {
            switch self {
            case .missing: "The default folder is missing; showing the demo videos."
            case .notAFolder: "The default folder is not a folder; showing the demo videos."
            case .unreadable: "The default folder cannot be read; showing the demo videos."
            }
        }
    }

    /// The options to run with, and the problem to tell the user about (nil: none). Only a
    /// launch without a source or a path (the demo catalog by default) opens `defaultFolder`.
    public static func resolve(
        _ options: LaunchOptions, defaultFolder: String?
    ) -> (options: LaunchOptions, problem: Problem?) {
        guard case .demoCatalog(directory: nil) = options.source, options.paths.isEmpty, let defaultFolder,
            Preferences.isAcceptableFolder(defaultFolder)
        else { return (options, nil) }
        if let problem = problem(at: defaultFolder) { return (options, problem) }
        var opened = options
        opened.source = .folder(URL(fileURLWithPath: defaultFolder).standardizedFileURL.path)
        return (opened, nil)
    }

    /// What is wrong with `path` as a folder to browse, or nil when it can be listed.
    public static func problem(at path: String) -> Problem? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return .missing }
        guard isFolder.boolValue else { return .notAFolder }
        guard FileManager.default.isReadableFile(atPath: path), FileManager.default.isExecutableFile(atPath: path)
        else { return .unreadable }
        return nil
    }
}
