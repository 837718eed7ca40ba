import Foundation

/// Which cover and video URLs a feed may reference, decided by where the feed came from.
///
/// - A feed fetched over HTTP(S) (`.remote`) may reference only `http`/`https` URLs: a hostile
///   server cannot make the app read local files (`file:///dev/zero`, `/proc/self/environ`).
/// - A local catalog (`.localCatalog(root:)`) may also reference `file:` URLs, but only inside
///   its folder: `..` and symbolic links that lead out of it are refused.
///
/// The decoder applies it to every fresh item and `FeedPageCache` to every restored one, so both
/// paths give the same answer. Other readers of local files (a folder catalog) use it too.
///
/// ```swift
/// let policy = FeedReferencePolicy.localCatalog(root: URL(fileURLWithPath: "/data/catalog"))
/// try policy.check(URL(fileURLWithPath: "/data/catalog/a/cover.jpg")).get()  // allowed
/// policy.check(URL(fileURLWithPath: "/data/catalog/../etc/passwd"))          // .outsideCatalog
/// ```
public enum FeedReferencePolicy: Hashable, Sendable {
    /// Only `http` and `https` URLs with a host.
    case remote
    /// `http`, `https`, and `file` URLs inside `root` (after resolving `..` and symbolic links).
    case localCatalog(root: URL)
    /// `http`, `https`, and `file` URLs inside any of `roots`: a folder of the user's videos
    /// and the thumbnail cache its covers live in.
    case localFolders(roots: [URL])

    /// The policy for a feed whose relative references resolve against `baseURL`: a `file:` base
    /// is a local catalog rooted there, anything else (or nil) is remote.
    public init(baseURL: URL?) {
        if let baseURL, baseURL.isFileURL {
            self = .localCatalog(root: baseURL)
        } else {
            self = .remote
        }
    }

    /// `url` if the policy allows it (a `file:` URL comes back with `..` and symbolic links
    /// resolved), or why not.
    /// - Complexity: O(1) for http(s); a `file:` URL costs one path resolution (a few `lstat`s).
    public func check(_ url: URL) -> Result<URL, FeedReferenceError> {
        guard let scheme = url.scheme?.lowercased() else { return .failure(.schemeNotAllowed("none")) }
        switch scheme {
        case "http", "https":
            return url.host?.isEmpty == false ? .success(url) : .failure(.schemeNotAllowed(scheme))
        case "file":
            let roots: [URL]
            switch self {
            case .remote: return .failure(.schemeNotAllowed(scheme))
            case .localCatalog(let root): roots = [root]
            case .localFolders(let folders): roots = folders
            }
            let resolved = url.standardizedFileURL.resolvingSymlinksInPath()
            for root in roots {
                let folder = root.standardizedFileURL.resolvingSymlinksInPath().path
                let prefix = folder.hasSuffix("/") ? folder : folder + "/"
                if resolved.path.hasPrefix(prefix) { return .success(resolved) }
            }
            return .failure(.outsideCatalog(url.path))
        default:
            return .failure(.schemeNotAllowed(scheme))
        }
    }

    /// Whether `check(url)` succeeds.
    public func allows(_ url: URL) -> Bool {
        if case .success = check(url) { return true }
        return false
    }
}

/// Why `FeedReferencePolicy` refused a URL.
public enum FeedReferenceError: Error, Hashable, Sendable {
    /// The scheme (lower case) is not one the feed's origin may use.
    case schemeNotAllowed(String)
    /// A `file:` URL (its path) that resolves outside the catalog's folder.
    case outsideCatalog(String)
}
