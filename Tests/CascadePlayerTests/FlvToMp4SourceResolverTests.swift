import CascadePlayer
import Foundation
import Testing

@Suite struct FlvToMp4SourceResolverTests {
    let resolver = FlvToMp4SourceResolver()

    @Test(arguments: [
        ("http://cdn.example.com/v/a.flv", "http://cdn.example.com/v/a.mp4"),
        ("https://cdn.example.com/v/a.FLV?sig=1&t=2", "https://cdn.example.com/v/a.mp4?sig=1&t=2"),
        ("https://cdn.example.com/flv/a.flv#t=3", "https://cdn.example.com/flv/a.mp4#t=3"),
        ("https://cdn.example.com/v/a.mp4", "https://cdn.example.com/v/a.mp4"),
        ("https://cdn.example.com/v/a.flvx", "https://cdn.example.com/v/a.flvx"),
        ("https://cdn.example.com/v/a?format=.flv", "https://cdn.example.com/v/a?format=.flv"),
        ("file:///tmp/clips/one.flv", "file:///tmp/clips/one.mp4"),
        ("HTTPS://cdn.example.com/a%20b.flv", "HTTPS://cdn.example.com/a%20b.mp4"),
    ])
    func rewritesOnlyThePathExtension(input: String, expected: String) throws {
        #expect(try resolver.resolve(URL(string: input)!).absoluteString == expected)
    }

    @Test(arguments: ["rtmp://live.example.com/a.flv", "ftp://example.com/a.flv", "data:video/mp4;base64,AA"])
    func rejectsOtherSchemes(input: String) {
        let scheme = String(input.prefix { $0 != ":" })
        #expect(throws: PlayerSourceError.unsupportedScheme(scheme)) {
            try resolver.resolve(URL(string: input)!)
        }
    }

    @Test func rejectsARelativeURLWithoutScheme() {
        #expect(throws: PlayerSourceError.unsupportedScheme("")) {
            try resolver.resolve(URL(string: "videos/a.flv")!)
        }
    }

    @Test func rejectsAnHTTPURLWithoutHost() {
        #expect(throws: PlayerSourceError.incompleteURL("http:///a.flv")) {
            try resolver.resolve(URL(string: "http:///a.flv")!)
        }
    }

    @Test func errorMessagesNameTheProblem() {
        #expect(PlayerSourceError.unsupportedScheme("rtmp").message.contains("rtmp"))
        #expect(PlayerSourceError.unsupportedScheme("rtmp").message.contains("http"))
        #expect(PlayerSourceError.incompleteURL("http:///x").message.contains("http:///x"))
    }
}
