import CascadeScreens
import Testing

@Suite struct PlaybackFailureTextTests {
    @Test(arguments: [
        (
            "Error from element /GstPlayBin:playbin/GstURIDecodeBin:uridecodebin0/GstDecodeBin:decodebin0/"
                + "GstTypeFindElement:typefind: Could not determine type of stream.",
            "Could not determine type of stream."
        ),
        (
            "Error from element /GstPlayBin:playbin/X:y: Could not determine type of stream.\n"
                + "Could not determine type of stream.\n../plugins/elements/gsttypefindelement.c(1186): loop",
            "Could not determine type of stream."
        ),
        ("Resource not found.", "Resource not found."),
        ("", "The video cannot be played (unknown GStreamer error)."),
        ("Error from element /a:b: \n", "The video cannot be played (unknown GStreamer error)."),
    ])
    func keepsTheFirstSentence(raw: String, expected: String) {
        #expect(PlaybackFailureText.userMessage(fromGStreamer: raw) == expected)
    }

    @Test func theTimeoutSaysItsSecondsAsWritten() {
        #expect(PlaybackFailureText.preparingTimedOut(after: 10) == "timed out preparing the video after 10 s")
        #expect(PlaybackFailureText.preparingTimedOut(after: 0.5) == "timed out preparing the video after 0.5 s")
    }
}
