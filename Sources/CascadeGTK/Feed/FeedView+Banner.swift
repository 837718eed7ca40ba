import CGtk
import CascadeCollection
import CascadeLayout
import CascadeScreens
import Foundation

extension FeedView {
    /// Takes the banner's element (not a pooled cell) out of `update` and shows, moves or hides the carousel.
    func placeBanner(_ update: inout ViewportUpdate) {
        guard let id = model.bannerElement else {
            if let banner {
                banner.setOnScreen(false)
                gtk_widget_set_visible(banner.root, 0)
            }
            return
        }
        let isBanner = { (element: LayoutElement) in element.id == id }
        let shown = update.appeared.first(where: isBanner) ?? update.moved.first(where: isBanner)
        let hidden = update.disappeared.contains(where: isBanner)
        update.appeared.removeAll(where: isBanner)
        update.moved.removeAll(where: isBanner)
        update.disappeared.removeAll(where: isBanner)
        let carousel = bannerView()
        carousel.setItems(model.banners)
        if let shown {
            if gtk_widget_get_parent(carousel.root) == nil {
                gtk_fixed_put(content.as(GtkFixed.self), carousel.root, shown.frame.minX, shown.frame.minY)
            } else {
                gtk_fixed_move(content.as(GtkFixed.self), carousel.root, shown.frame.minX, shown.frame.minY)
            }
            carousel.apply(size: shown.frame.size)
            gtk_widget_set_visible(carousel.root, 1)
            carousel.setOnScreen(bannerActive)
        } else if hidden {
            gtk_widget_set_visible(carousel.root, 0)
            carousel.setOnScreen(false)
        }
    }

    func bannerView() -> BannerCarouselView {
        if let banner { return banner }
        let carousel = BannerCarouselView(pipeline: images.pipeline, interval: bannerInterval)
        carousel.onOpen = { [weak self] index in self?.model.activateBanner(at: index) }
        carousel.coverURL = { [weak self] url, box in self?.bannerCoverURL?(url, box) ?? url }
        banner = carousel
        return carousel
    }

    /// Whether the carousel shows and may auto-advance (the page is shown).
    package func setBannerActive(_ active: Bool) {
        bannerActive = active
        guard let banner else { return }
        let inView = model.viewport.visibleElements.contains { $0.id == model.bannerElement }
        banner.setOnScreen(active && inView)
    }
}
