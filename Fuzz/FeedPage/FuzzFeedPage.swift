import Foundation

@testable import CascadeFeed

/// libFuzzer entry: any bytes as a feed page (against no base, an HTTP base and a catalog
/// folder) and as a channel list. Decoding either throws `FeedError` or returns a page whose
/// items hold the promises of `FeedChecks`; a violation traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Data(bytes: data, count: size)
    for decoder in FuzzFeedPage.decoders {
        guard let page = try? decoder.decode(body) else { continue }
        FeedChecks.check(page, policy: decoder.policy)
    }
    if let channels = try? ChannelListDecoder.decode(body) {
        precondition(channels.allSatisfy { !$0.id.isEmpty }, "channel without an id")
        precondition(Set(channels.map(\.id)).count == channels.count, "repeated channel id")
    }
    return 0
}

enum FuzzFeedPage {
    static let decoders = [
        FeedPageDecoder(),
        FeedPageDecoder(baseURL: URL(string: "http://127.0.0.1:8080/feed/")),
        FeedPageDecoder(baseURL: URL(fileURLWithPath: "/tmp/catalog/", isDirectory: true)),
    ]
}
