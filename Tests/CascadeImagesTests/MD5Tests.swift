import CascadeImages
import Testing

@Suite struct MD5Tests {
    @Test(arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("The quick brown fox jumps over the lazy dog", "9e107d9d372bb6826bd81d3542a419d6"),
        (String(repeating: "a", count: 56), "3b0c8ac703f828b04c6c197006d17218"),
        (String(repeating: "1234567890", count: 8), "57edf4a22be3c955ac49da2e2107b67a"),
        // The Thumbnail Managing Standard's own example.
        ("file:///home/jens/photos/me.png", "c6ee772d9e49320e97ec29a7eb5b1697"),
    ])
    func md5MatchesReferenceDigests(text: String, hex: String) {
        #expect(MD5.hex(text) == hex)
    }
}
