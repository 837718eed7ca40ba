import CascadeFolder
import Testing

@Suite struct HashTests {
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

    @Test func crc32MatchesTheCheckValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xcbf4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
    }

    /// Expected strings come from GLib's `g_filename_to_uri`, which file managers hash.
    @Test(arguments: [
        ("/home/a b/é.mp4", "file:///home/a%20b/%C3%A9.mp4"),
        ("/x/;[]#?%&'()*+,=@!$~:_-.mp4", "file:///x/%3B%5B%5D%23%3F%25&'()*+,=@!$~:_-.mp4"),
        ("/x/\"<>\\^`{|}.mp4", "file:///x/%22%3C%3E%5C%5E%60%7B%7C%7D.mp4"),
    ])
    func fileURIEscapesLikeGLib(path: String, uri: String) {
        #expect(FileURI.from(path: path) == uri)
    }
}
