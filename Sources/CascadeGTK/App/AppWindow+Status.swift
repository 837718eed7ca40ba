import CascadeFeed
import Foundation

/// A catalog's status line (a folder feed's "Scanning… 120 videos") in the top bar.
extension AppWindow {
    /// Shows `catalog`'s status lines as they come (none for catalogs without any).
    func followStatus(of catalog: FeedCatalog) {
        statusTask?.cancel()
        catalogStatus = nil
        catalogStale = false
        updateSubtitle()
        guard case .provider(let provider) = catalog else { return }
        statusTask = Task { [weak self] in
            for await line in provider.statusLines() {
                guard let self, !Task.isCancelled else { return }
                self.catalogStatus = Localization.text(line)
                self.catalogStale = provider.isStale
                self.updateSubtitle()
            }
        }
    }
}
