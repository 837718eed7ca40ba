import CascadeFeed
import Foundation

/// A catalog's status line (a folder feed's "Scanning… 120 videos") in the top bar, and a toast
/// when its source changed.
extension AppWindow {
    /// The toast shown when a folder feed's folder changed since it was read.
    static let sourceChangedNotice = "The folder changed"

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
                // A passing notice when the source changes (the status line keeps asking for a pull).
                if provider.isStale, !self.catalogStale { self.toasts.show(Self.sourceChangedNotice) }
                self.catalogStale = provider.isStale
                self.updateSubtitle()
            }
        }
    }
}
