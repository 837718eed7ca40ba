/// Which GStreamer elements a video pipeline must never plug: decoders of still images.
///
/// `MediaProbe` refuses a "video" whose first bytes are an image, but the player fetches the
/// source again to play it, and opens it anyway when the probe could not read it. A server can
/// therefore answer the probe with a video header and the player with a PNG, TIFF or SVG. So the
/// app also takes every still-image decoder out of automatic plugging (rank NONE): such a
/// stream then fails in GStreamer with "no decoder", and the player shows its error.
///
/// The rule, per element: it decodes (its class names a decoder), its sink pads accept an image
/// type, and none of audio or video. `image/jpeg` does not count as an image type: it is also how
/// containers carry Motion JPEG video (AVI, QuickTime), so a JPEG still served in place of a
/// video is the one image that can still be shown (by libjpeg-turbo, at most 65,535 pixels a
/// side). `imagefreeze` (an image made into a stream) is refused by name.
public enum StillImageDecoderPolicy {
    /// Elements refused by name whatever their class and pads.
    public static let refusedByName: Set<String> = ["imagefreeze"]

    /// The image media types that are also a video codec inside containers.
    public static let videoCodecImageTypes: Set<String> = ["image/jpeg"]

    /// Whether an element with this name, class (`"Codec/Decoder/Image"`) and sink-pad media
    /// types (`"image/png"`, …; one per caps structure) must be taken out of automatic plugging.
    public static func refuses(name: String, klass: String, sinkMediaTypes: [String]) -> Bool {
        if refusedByName.contains(name) { return true }
        guard klass.split(separator: "/").contains("Decoder") else { return false }
        let decodesAnImage = sinkMediaTypes.contains { $0.hasPrefix("image/") && !videoCodecImageTypes.contains($0) }
        let decodesMedia = sinkMediaTypes.contains { $0.hasPrefix("video/") || $0.hasPrefix("audio/") }
        return decodesAnImage && !decodesMedia
    }
}
