/// The font subtitles are drawn in: the UI's font family and style (GTK's `gtk-font-name`, a
/// Pango description such as `Cantarell 11`), at the size the subtitle overlay scales with the
/// video's width, so subtitles read like the rest of the app and fall back to the same fonts
/// for Chinese text.
///
/// ```swift
/// SubtitleFont.description(uiFont: "Cantarell 11")            // "Cantarell 18"
/// SubtitleFont.description(uiFont: "Noto Sans CJK SC Bold 10") // "Noto Sans CJK SC Bold 18"
/// ```
public enum SubtitleFont {
    /// The size given to the overlay, which scales it with the video (18 on a 640-pixel-wide
    /// frame, GStreamer's own default).
    public static let size = 18

    /// The family used when GTK names none.
    public static let fallbackFamily = "Sans"

    /// The Pango description for subtitles from the UI's `uiFont` (nil: unknown).
    public static func description(uiFont: String?) -> String {
        var words = (uiFont ?? "").split(separator: " ").map(String.init)
        // A description ends in its size ("11", "10.5", "14px"), which the overlay's replaces.
        if let last = words.last, Double(last.hasSuffix("px") ? String(last.dropLast(2)) : last) != nil {
            words.removeLast()
        }
        let family = words.isEmpty ? fallbackFamily : words.joined(separator: " ")
        return "\(family) \(size)"
    }
}
