import CascadeFeed
import CascadeNumerics
import Foundation

/// What screen readers hear: the accessible labels, descriptions and value texts of the app's
/// widgets, decided here so the host only hands them to GTK's accessible API.
///
/// Every fixed English piece is its own message id and goes through `translate` (the host
/// passes its gettext lookup, which also matches a text with numbers against its `%d`
/// pattern: "Banner 2 of 5" is translated as "Banner %d of %d"). Data (titles, channel
/// names) is never translated. Patterns with durations name their slots (`{position}`), since
/// a duration's digits must not become `%d`.
///
/// ```swift
/// AccessibleText.cell(title: "Sunset", duration: "0:07", partiallyWatched: false)
/// // "Sunset, 0:07, video"
/// ```
public enum AccessibleText {
    /// Looks up an English message id in the user's language.
    public typealias Translate = (String) -> String

    /// The identity: the English texts themselves.
    public static func english(_ text: String) -> String { text }

    // MARK: Feed

    /// A video cell's label: "Title, 0:07, video", with ", partially watched" when the video
    /// was watched part of the way. A missing or empty duration is left out.
    public static func cell(
        title: String, duration: String?, partiallyWatched: Bool, translate: Translate = english
    ) -> String {
        var parts = [title.trimmed].filter { !$0.isEmpty }
        if let duration, !duration.isEmpty { parts.append(duration) }
        parts.append(translate("video"))
        if partiallyWatched { parts.append(translate("partially watched")) }
        return parts.joined(separator: translate(", "))
    }

    /// The banner carousel's label while it shows page `index` (0-based) of `count`:
    /// "Banner 2 of 5"; "Banners" without pages.
    public static func banner(index: Int, count: Int, translate: Translate = english) -> String {
        guard count > 0 else { return translate("Banners") }
        let shown = min(max(index, 0), count - 1) + 1
        return translate("Banner \(shown) of \(count)")
    }

    /// The channel tab strip's label.
    public static func channels(translate: Translate = english) -> String {
        translate("Channels")
    }

    // MARK: Player

    /// The play/pause button's label: what pressing it does.
    public static func playPause(showsPause: Bool, translate: Translate = english) -> String {
        translate(showsPause ? "Pause" : "Play")
    }

    /// The fullscreen button's label: what pressing it does.
    public static func fullscreen(isFullscreen: Bool, translate: Translate = english) -> String {
        translate(isFullscreen ? "Leave fullscreen" : "Fullscreen")
    }

    /// The position slider's label.
    public static func positionLabel(translate: Translate = english) -> String {
        translate("Position")
    }

    /// The position slider's value text: "0:03 of 0:07" (the texts the controls show).
    public static func position(elapsed: String, total: String, translate: Translate = english) -> String {
        translate("{position} of {duration}")
            .replacingOccurrences(of: "{position}", with: elapsed)
            .replacingOccurrences(of: "{duration}", with: total)
    }

    /// The volume slider's label.
    public static func volumeLabel(translate: Translate = english) -> String {
        translate("Volume")
    }

    /// The volume slider's value text: "50 %" for 0.5, clamped to 0…100, "0 %" for a
    /// non-finite volume.
    public static func volume(_ volume: Double, translate: Translate = english) -> String {
        let fraction = volume.isFinite ? min(max(volume, 0), 1) : 0
        return translate("\(Int(saturatingRounded: fraction * 100)) %")
    }
}
