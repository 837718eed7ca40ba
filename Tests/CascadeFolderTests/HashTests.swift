import CascadeFolder
import Testing

@Suite struct HashTests {
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
