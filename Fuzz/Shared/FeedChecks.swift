import CascadeFeed
import Foundation

/// The promises every item entering the app keeps, whether freshly decoded or restored from the
/// persisted page (`VideoItem.validated(by:)`); shared by the feed-page and persisted-page
/// targets. Traps on a violation.
enum FeedChecks {
    static func check(_ page: FeedPage, policy: FeedReferencePolicy) {
        for item in page.items {
            precondition(!item.id.isEmpty, "empty id: \(item)")
            precondition(item.width.isFinite && item.width > 0, "width: \(item)")
            precondition(item.height.isFinite && item.height > 0, "height: \(item)")
            precondition(item.aspectRatio.isFinite && item.aspectRatio > 0, "aspect ratio: \(item)")
            if let duration = item.duration {
                precondition((0...VideoItem.maximumDuration).contains(duration), "duration: \(item)")
            }
            precondition(item.title.count <= VideoItem.maximumTitleLength, "title of \(item.title.count) characters")
            precondition(policy.allows(item.coverURL) && policy.allows(item.videoURL), "URLs: \(item)")
        }
    }
}
