import Foundation

/// What a file dropped on the player page does: a subtitle file (by its extension, or by its
/// first bytes when the name says nothing) plays as the current video's subtitles; anything
/// else opens as a drop on any page does.
public enum PlayerDrop: Equatable, Sendable {
    /// Load `URL` as the playing video's subtitles.
    case subtitles(URL)
    /// Open the drop as elsewhere (videos, folders).
    case open

    /// The role of the dropped `urls` while `playing` (nil: no local video plays). Only a single
    /// local file is taken as subtitles; `head` reads a file's first bytes.
    public static func decide(
        _ urls: [URL], playing: URL?, head: (URL) -> Data? = { SubtitleSource.readBounded($0)?.prefix(1024) }
    ) -> PlayerDrop {
        guard playing != nil, urls.count == 1, let url = urls.first, url.isFileURL else { return .open }
        if SubtitleSource.hasSubtitleExtension(url) { return .subtitles(url) }
        let name = url.pathExtension.lowercased()
        // A name that says text may still hold subtitles; a video's name never does.
        guard ["", "txt", "sub", "text"].contains(name), let bytes = head(url), SubtitleSource.looksLikeSubtitles(bytes)
        else { return .open }
        return .subtitles(url)
    }
}
