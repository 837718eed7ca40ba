import CGtk
import CascadeScreens
import Foundation

extension AppWindow {
    /// Wires a channel's feed view to the window: the banner's interval, watched progress, hover
    /// previews, opening a video, thumbnail sizes, and its status page.
    func configure(_ page: FeedView) {
        page.bannerInterval = options.carouselInterval
        if let resumeStore {
            page.watchProgress = { [weak resumeStore] item in
                resumeStore?.resumePoint(for: item.videoURL.absoluteString)
            }
        }
        page.previews = previews
        page.onOpenItem = { [weak self, weak page] item in self?.model.open(item, in: page?.model.items ?? []) }
        page.onCoverPixelWidth = { FolderFeeds.thumbnails.setCoverPixelWidth($0) }
        page.bannerCoverURL = { url, box in
            FolderFeeds.thumbnails.cover(replacing: url, coveringPixelWidth: box.width, height: box.height)
        }
        page.onChromeChanged = { [weak self, weak page] in
            guard let self, let page else { return }
            self.model.feedChromeChanged(page.model)
            page.status.show(self.model.statusPage(for: page.model))
        }
        page.status.onAction = { [weak self, weak page] in
            guard let self, let page else { return }
            self.model.statusPageActivated(for: page.model)
        }
        page.status.show(model.statusPage(for: page.model))
    }
}
