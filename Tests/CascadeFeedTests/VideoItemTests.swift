import CascadeFeed
import Foundation
import Testing

@Suite struct VideoItemTests {
    @Test func aspectRatioIsHeightOverWidth() {
        let item = VideoItem(
            id: "a", title: "A", coverURL: URL(string: "https://x/a.jpg")!, videoURL: URL(string: "https://x/a.flv")!,
            duration: 3, width: 640, height: 360)
        #expect(item.aspectRatio == 0.5625)
    }
}
