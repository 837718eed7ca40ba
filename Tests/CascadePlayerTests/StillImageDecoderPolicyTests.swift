import CascadePlayer
import Testing

/// The still-image decoder rule on the elements Debian 12's GStreamer plugins register.
@Suite struct StillImageDecoderPolicyTests {
    @Test(arguments: [
        // name, class, sink media types, refused
        ("pngdec", "Codec/Decoder/Image", ["image/png"], true),
        ("rsvgdec", "Codec/Decoder/Image", ["image/svg+xml", "image/svg"], true),
        ("gdkpixbufdec", "Codec/Decoder/Image", ["image/png", "image/x-icon", "application/x-navi-animation"], true),
        ("avdec_tiff", "Codec/Decoder/Video", ["image/tiff"], true),
        ("avdec_png", "Codec/Decoder/Video", ["image/png"], true),
        ("avdec_targa", "Codec/Decoder/Video", ["image/x-tga"], true),
        ("webpdec", "Codec/Decoder/Image", ["image/webp"], true),
        ("openexrdec", "Codec/Decoder/Video", ["image/x-exr"], true),
        ("jpegdec", "Codec/Decoder/Image", ["image/jpeg"], false),
        ("avdec_mjpeg", "Codec/Decoder/Video", ["image/jpeg"], false),
        ("avdec_h264", "Codec/Decoder/Video", ["video/x-h264"], false),
        ("vorbisdec", "Codec/Decoder/Audio", ["audio/x-vorbis"], false),
        ("pngenc", "Codec/Encoder/Image", ["video/x-raw"], false),
        ("pngparse", "Codec/Parser/Image", ["image/png"], false),
        ("imagefreeze", "Filter/Video", ["video/x-raw"], true),
        ("somedec", "Codec/Decoder/Video", [], false),
        ("mixeddec", "Codec/Decoder/Video", ["video/x-foo", "image/png"], false),
    ])
    func refusesExactlyTheStillImageDecoders(name: String, klass: String, types: [String], refused: Bool) {
        #expect(StillImageDecoderPolicy.refuses(name: name, klass: klass, sinkMediaTypes: types) == refused)
    }
}
