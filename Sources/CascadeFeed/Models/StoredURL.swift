import Foundation

/// A URL as a `VideoItem` keeps it: its absolute string cut after the last `/`, the folder part
/// shared between the items of a page (`URLFolderPool`), the `URL` made again when asked for.
///
/// Why: on Linux a Foundation `URL` is a heap object holding its string and its parse state,
/// about 450 bytes for a catalog cover; two per item would be half of what a loaded item costs. The
/// folder part of a page's covers is one string for all of them and a file name is a short
/// string (inline up to 15 bytes), so a URL costs 32 bytes inline plus its file name.
///
/// Only a URL without a base that comes back equal from `URL(string: url.absoluteString)` is
/// kept as text; any other is kept as it is, so `url` always returns a URL equal to the one
/// stored. Two values are equal exactly when their URLs' absolute strings are (the cut is made
/// the same way for every string), or, for URLs kept as they are, when the URLs are equal.
struct StoredURL: Hashable, Sendable {
    private enum Storage: Hashable, Sendable {
        case text(folder: String, name: String)
        case url(URL)
    }

    private let storage: Storage

    /// Stores `url`, its folder part taken from `pool` when the pool has it already.
    init(_ url: URL, pool: inout URLFolderPool) {
        storage = Self.storage(of: url) { pool.folder($0) }
    }

    /// Stores `url` on its own.
    init(_ url: URL) {
        storage = Self.storage(of: url) { String($0) }
    }

    /// The URL.
    var url: URL {
        switch storage {
        case .text(let folder, let name):
            // Checked when stored: the text makes this same URL.
            URL(string: folder + name)!
        case .url(let url): url
        }
    }

    // MARK: Private

    private static func storage(of url: URL, folder: (Substring) -> String) -> Storage {
        guard url.baseURL == nil else { return .url(url) }
        let text = url.absoluteString
        guard URL(string: text) == url else { return .url(url) }
        let cut = text.lastIndex(of: "/").map { text.index(after: $0) } ?? text.startIndex
        return .text(folder: folder(text[..<cut]), name: String(text[cut...]))
    }
}

/// The folder parts of the URLs of one page (or any batch of items), one string each, so the
/// items of a catalog folder share one copy of it.
struct URLFolderPool {
    private var folders: Set<String> = []

    /// The pool's string equal to `folder`, added when new.
    mutating func folder(_ folder: Substring) -> String {
        let text = String(folder)
        if let existing = folders.firstIndex(of: text) { return folders[existing] }
        folders.insert(text)
        return text
    }
}
