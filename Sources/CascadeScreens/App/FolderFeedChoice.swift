import Foundation

/// How the window shows a folder it is asked to open (`cascade DIR`, `--folder DIR`, a second
/// launch, "Open With", the back target of an opened file): a folder holding a catalog in the
/// agreed format (`channels.json` beside its channel folders) shows that catalog's channels;
/// any other folder is browsed as a feed of the videos inside it.
///
/// The host only acts on the choice; the decision and the key the first pages persist under
/// live here so that they are tested without a window.
public enum FolderFeedChoice: Equatable, Sendable {
    /// The folder holds `channels.json`: its catalog.
    case catalog(URL)
    /// Any other folder: its videos, found by scanning.
    case videos(URL)

    /// The file that makes a folder a catalog.
    public static let catalogFileName = "channels.json"

    /// The choice for `folder`.
    /// - Parameters:
    ///   - folder: the folder given on the command line.
    ///   - isFile: whether a path exists (the file system unless a test says otherwise).
    public static func choose(
        for folder: URL, isFile: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
    ) -> FolderFeedChoice {
        let folder = folder.standardizedFileURL
        return isFile(folder.appendingPathComponent(catalogFileName).path) ? .catalog(folder) : .videos(folder)
    }

    /// The folder shown.
    public var folder: URL {
        switch self {
        case .catalog(let url), .videos(let url): url
        }
    }

    /// The key the folder's first pages persist under (the same for both kinds, as one folder
    /// is one source: a catalog added to a folder replaces its folder feed's pages).
    public var cacheKey: String { AppModel.catalogKey(for: .folder(folder.path)) }
}
