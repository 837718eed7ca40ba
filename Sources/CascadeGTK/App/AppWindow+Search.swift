import CGtk
import CascadeImages
import CascadePixbuf
import CascadeScreens
import Foundation

/// The search bar's wiring: what a query shows (the model's results as a feed of their own) and
/// where the focus goes when it closes.
extension AppWindow {
    /// Lets typing on `page` open the search bar, and connects the bar to the model.
    func connectSearch(capturingKeysFrom page: UnsafeMutablePointer<GtkWidget>) {
        search.captureKeys(from: page)
        search.search = { [weak self] query in
            guard let self, let results = self.model.searchResults(query: query) else { return nil }
            if let status = self.model.statusPage(for: results) { return (self.model.searchFeed(results), status) }
            return (self.model.searchFeed(results, reusing: self.search.results?.model), nil)
        }
        search.makeView = { [weak self] model in
            let view = FeedView(model: model, pipeline: self?.pipeline ?? ImagePipeline(decoder: PixbufImageDecoder()))
            self?.configure(view)
            return view
        }
        search.onTyping = { [weak self] typing in
            self?.model.isTyping = typing
            self?.refreshActions()
        }
        search.onClose = { [weak self] in
            if let page = self?.channelPager?.currentPage { gtk_widget_grab_focus(page.scrolled) }
        }
    }
}
