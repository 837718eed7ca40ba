import CascadePlayer
import Foundation
import Testing

@Suite struct PlainSourceResolverTests {
    let resolver = PlainSourceResolver()

    @Test(arguments: [
        "http://cdn.example.com/v/a.flv", "https://cdn.example.com/v/a.FLV?sig=1&t=2",
        "https://cdn.example.com/v/a.mp4", "file:///tmp/clips/one.flv", "file:///tmp/clips/one.FLV",
        "HTTPS://cdn.example.com/a%20b.flv",
    ])
    func playsEveryAcceptedURLAsItIs(input: String) throws {
        #expect(try resolver.resolve(URL(string: input)!).absoluteString == input)
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
