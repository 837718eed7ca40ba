import Foundation

/// What a drop of files or folders on the window means: the one thing it opens, as
/// `cascade PATH` would open it (`OpenTarget`), and what the user is told about the rest.
///
/// The rules, in drop order:
/// - The first folder or video of the drop is opened: a folder as a feed, a video on the player
///   page with its folder's feed behind.
/// - Other videos from that video's folder need no word: they are in the feed behind it.
/// - Anything else left (another folder, a video elsewhere) is named in a notice (one thing
///   opens at a time), and so are the items that are no video: files whose first bytes are no
///   video container, paths that cannot be read, and URIs that are not local files.
/// - A drop with nothing to open is refused with the reason: the file's own problem for one
///   file, else a count.
///
/// ```swift
/// let paths = FileDrop.paths(fromURIList: "file:///home/a/clip.mp4\r\n")  // (["/home/a/clip.mp4"], 0)
/// FileDrop.outcome(of: [.video(clip), .notVideo(photo)])
/// // .open(.video(clip), notices: ["1 dropped item is not a video and was not opened."])
/// ```
public enum FileDrop {
    /// What the window does with a drop.
    public enum Outcome: Equatable, Sendable {
        /// Open `target`; `notices` (English, one sentence each, none when everything was
        /// opened or is in the feed behind) say what of the drop was left out.
        case open(OpenTarget, notices: [String])
        /// Nothing in the drop can be opened: show `alert`.
        case refuse(FeedAlert)
    }

    /// The alert's title when nothing dropped can be opened (the command line's too).
    public static let refusalTitle = "Can't open this"

    /// The local paths of a `text/uri-list` (RFC 2483: one URI a line, `#` comment lines, CRLF
    /// or LF), and how many of its URIs are not local files (`http:`, `trash:`, a remote host).
    /// A line that is not a URI but an absolute path is taken as a path (some sources drop
    /// plain text).
    public static func paths(fromURIList text: String) -> (paths: [String], others: Int) {
        var paths: [String] = []
        var others = 0
        for line in text.split(whereSeparator: \.isNewline) {
            let entry = line.trimmingCharacters(in: .whitespaces)
            guard !entry.isEmpty, !entry.hasPrefix("#") else { continue }
            if entry.hasPrefix("/") {
                paths.append(entry)
            } else if let path = localPath(ofURI: entry) {
                paths.append(path)
            } else {
                others += 1
            }
        }
        return (paths, others)
    }

    /// Classifies each dropped path (`OpenTarget.classify`) and decides the outcome;
    /// `otherURIs` counts dropped URIs that are not local files.
    public static func outcome(ofPaths paths: [String], otherURIs: Int = 0, relativeTo directory: URL) -> Outcome {
        outcome(of: paths.map { OpenTarget.classify(path: $0, relativeTo: directory) }, otherURIs: otherURIs)
    }

    /// The outcome of a drop of `targets` (in drop order) and `otherURIs` URIs that are not
    /// local files.
    public static func outcome(of targets: [OpenTarget], otherURIs: Int = 0) -> Outcome {
        let unopenable = targets.filter { $0.problem != nil }.count + otherURIs
        guard let first = targets.first(where: { $0.problem == nil }) else {
            return .refuse(refusal(targets: targets, otherURIs: otherURIs))
        }
        let besides = targets.filter { $0.problem == nil && $0 != first && !isBehind($0, first) }.count
        var notices: [String] = []
        if besides > 0 {
            notices.append(
                besides == 1
                    ? "One thing opens at a time: 1 more dropped item was not opened."
                    : "One thing opens at a time: \(besides) more dropped items were not opened.")
        }
        if unopenable > 0 {
            notices.append(
                unopenable == 1
                    ? "1 dropped item is not a video and was not opened."
                    : "\(unopenable) dropped items are not videos and were not opened.")
        }
        return .open(first, notices: notices)
    }

    // MARK: Private

    /// Whether `target` is a video shown in the feed behind `opened` (a video of the same folder).
    private static func isBehind(_ target: OpenTarget, _ opened: OpenTarget) -> Bool {
        guard case .video(let url) = target, case .video(let first) = opened else { return false }
        return url.deletingLastPathComponent().standardizedFileURL
            == first.deletingLastPathComponent()
            .standardizedFileURL
    }

    private static func refusal(targets: [OpenTarget], otherURIs: Int) -> FeedAlert {
        let count = targets.count + otherURIs
        if count == 0 { return FeedAlert(title: refusalTitle, message: "Nothing that was dropped is a file.") }
        if targets.count == 1, otherURIs == 0, let problem = targets[0].problem {
            return FeedAlert(title: refusalTitle, message: problem)
        }
        if targets.isEmpty {
            return FeedAlert(title: refusalTitle, message: "Only files and folders on this computer can be opened.")
        }
        return FeedAlert(title: refusalTitle, message: "None of the \(count) dropped items is a folder or a video.")
    }

    /// The path of a `file:` URI on this computer (no host, or `localhost`), else nil.
    private static func localPath(ofURI text: String) -> String? {
        guard text.lowercased().hasPrefix("file:"), let url = URL(string: text), url.isFileURL else { return nil }
        let host = url.host ?? ""
        guard host.isEmpty || host == "localhost" else { return nil }
        let path = url.path
        return path.isEmpty ? nil : path
    }
}
