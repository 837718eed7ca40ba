import Foundation

/// The subtitle file that plays with a local video: one of the same name beside it, `.srt`
/// first, then `.vtt`, `.ass` and `.ssa` (each also in capitals), as players on the desktop
/// find them. An `.ass`/`.ssa` file plays as its text (`SubStationText`).
///
/// ```swift
/// SubtitleSidecar.find(for: URL(fileURLWithPath: "/videos/trip.mp4"))
/// // file:///videos/trip.srt when that is a regular file
/// ```
///
/// Only regular files count: a FIFO or device named `trip.srt` would block the subtitle parser.
/// Remote videos get none (their neighbours are not listed).
public enum SubtitleSidecar {
    /// The extensions looked for, in order.
    public static let extensions = ["srt", "vtt", "ass", "ssa"]

    /// Where a sidecar of `video` may be, in the order they are tried (empty for a remote video).
    public static func candidates(for video: URL) -> [URL] {
        guard video.isFileURL else { return [] }
        let base = video.deletingPathExtension()
        return extensions.flatMap { [base.appendingPathExtension($0), base.appendingPathExtension($0.uppercased())] }
            .filter { $0.standardizedFileURL != video.standardizedFileURL }
    }

    /// The first candidate that `isRegularFile` accepts, nil when none does.
    public static func find(for video: URL, isRegularFile: (URL) -> Bool = SubtitleSidecar.isRegularFile) -> URL? {
        candidates(for: video).first(where: isRegularFile)
    }

    /// Whether `url` names a regular file (symbolic links followed).
    public static func isRegularFile(_ url: URL) -> Bool {
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
        return attributes?[.type] as? FileAttributeType == .typeRegular
    }
}
