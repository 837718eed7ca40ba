import Foundation

/// What the About window shows, read from the AppStream metainfo
/// (`data/org.cascade.Feed.metainfo.xml`, installed in `share/metainfo/`): the summary, the
/// newest release's version, date and notes, the licence, the home page and the developer.
/// Missing fields are nil; the version falls back to `AppIdentity.version`.
public struct AppMetainfo: Equatable, Sendable {
    /// `<summary>`.
    public var summary: String?
    /// The newest `<release version=…>`.
    public var version: String
    /// Its `date`.
    public var releaseDate: String?
    /// Its `<description>` markup (`<p>`, `<ul>`, `<li>`), as the About window's release notes take it.
    public var releaseNotes: String?
    /// `<project_license>` (an SPDX expression).
    public var license: String?
    /// `<url type="homepage">`.
    public var homepage: String?
    /// `<developer_name>` or `<developer><name>`.
    public var developer: String?

    /// Reads the fields from the metainfo's text.
    public init(xml: String) {
        summary = Self.first(#"<summary>([^<]*)</summary>"#, in: xml)
        let release = Self.first(#"(<release\b[^>]*?(?:/>|>[\s\S]*?</release>))"#, in: xml)
        version = release.flatMap { Self.first(#"version="([^"]*)""#, in: $0) } ?? AppIdentity.version
        releaseDate = release.flatMap { Self.first(#"date="([^"]*)""#, in: $0) }
        releaseNotes = release.flatMap { Self.first(#"<description>([\s\S]*?)</description>"#, in: $0) }?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        license = Self.first(#"<project_license>([^<]*)</project_license>"#, in: xml)
        homepage = Self.first(#"<url type="homepage">([^<]*)</url>"#, in: xml)
        developer =
            Self.first(#"<developer_name>([^<]*)</developer_name>"#, in: xml)
            ?? Self.first(#"<developer\b[^>]*>\s*<name>([^<]*)</name>"#, in: xml)
    }

    /// Where the metainfo is looked for, first found wins: installed beside the binary
    /// (`<prefix>/share/metainfo`), then the repository's `data/` above a SwiftPM build.
    public static func candidates(executable: URL) -> [URL] {
        let name = "\(AppIdentity.id).metainfo.xml"
        let directory = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        return [
            directory.appendingPathComponent("../share/metainfo/\(name)"),
            directory.appendingPathComponent("../../../data/\(name)"),
            directory.appendingPathComponent("../../data/\(name)"),
        ].map { $0.standardizedFileURL }
    }

    /// The first candidate that exists, if any.
    public static func locate(executable: URL) -> URL? {
        candidates(executable: executable).first { FileManager.default.isReadableFile(atPath: $0.path) }
    }

    /// The metainfo at `url`, or one with only the version when there is none or it does not read.
    public static func load(_ url: URL?) -> AppMetainfo {
        AppMetainfo(xml: url.flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? "")
    }

    private static func first(_ pattern: String, in text: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range(at: 1), in: text)
        else { return nil }
        let value = String(text[range])
        return value.isEmpty ? nil : value
    }
}
