import CascadeNumerics
import Foundation

/// What the player says when GStreamer fails: the first sentence of its error, without the
/// failing element's path or the debug lines GStreamer's play API adds ("Error from element
/// /GstPlayBin:playbin/…/GstTypeFindElement:typefind: Could not determine type of stream.\n…").
public enum PlaybackFailureText {
    /// The message shown when GStreamer gave no text.
    public static let unknown = "The video cannot be played (unknown GStreamer error)."

    /// The user-facing sentence of a GStreamer error `message`.
    public static func userMessage(fromGStreamer message: String) -> String {
        var text = Substring(message)
        if text.hasPrefix("Error from element "), let separator = text.range(of: ": ") {
            text = text[separator.upperBound...]
        }
        let firstLine = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let sentence = firstLine.trimmingCharacters(in: .whitespaces)
        return sentence.isEmpty ? unknown : sentence
    }

    /// The watchdog's failure after `seconds` without the stream getting ready.
    public static func preparingTimedOut(after seconds: Double) -> String {
        let shown =
            seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(saturating: seconds)) : String(seconds)
        return "timed out preparing the video after \(shown) s"
    }
}
