import Foundation

@testable import CascadeFeed

/// libFuzzer entry: any bytes as a feed page (against no base, an HTTP base and a catalog
/// folder) and as a channel list. Decoding either throws `FeedError` or returns a page whose
/// items hold the decoder's promises; a violation traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Data(bytes: data, count: size)
    for decoder in FuzzFeedPage.decoders {
        guard let page = try? decoder.decode(body) else { continue }
        FuzzFeedPage.check(page)
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

    /// Traps unless every item has usable URLs, a finite positive size, a non-empty id and a
    /// finite non-negative duration, and the counts add up.
    static func check(_ page: FeedPage) {
        precondition(page.items.count + page.skipped.count == page.entryCount, "counts: \(page)")
        for item in page.items {
            precondition(!item.id.isEmpty, "empty id: \(item)")
            precondition(item.width.isFinite && item.width > 0, "width: \(item)")
            precondition(item.height.isFinite && item.height > 0, "height: \(item)")
            if let duration = item.duration {
                precondition(duration.isFinite && duration >= 0, "duration: \(item)")
            }
            for url in [item.coverURL, item.videoURL] {
                let scheme = url.scheme?.lowercased()
                precondition(["http", "https", "file"].contains(scheme), "scheme: \(url)")
            }
        }
    }
}
