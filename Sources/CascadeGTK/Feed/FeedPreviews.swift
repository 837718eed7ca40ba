import CGtk
import CascadeGStreamer
import CascadePlayer
import CascadeScreens
import Foundation

/// The window's hover previews: the deciding `HoverPreviewController` and the one
/// `CellPreviewPlayer`. Feeds report their cells' pointer, focus, scroll and unbinding here; the
/// last feed that reported owns the preview, so at most one is live in the window.
@MainActor
package final class FeedPreviews {
    /// The decisions: when, which cell, when it stops.
    package let controller: HoverPreviewController

    package let player = CellPreviewPlayer()
    private weak var feed: FeedView?

    // MARK: Lifecycle

    /// Creates the previews; `enabled` follows `--no-previews` and the preference.
    package init(enabled: Bool) {
        controller = HoverPreviewController(scheduler: GLibScheduler(), isEnabled: enabled)
        controller.onStart = { [weak self] item in self?.start(item) }
        controller.onStop = { [weak self] _, _ in self?.player.stop() }
        player.onFirstFrame = { [weak self] in
            guard let self, let item = self.controller.state.item else { return }
            self.controller.firstFrameShown(item: item)
        }
        player.onFailure = { [weak self] message in
            guard let self, let item = self.controller.state.item else { return }
            self.controller.failed(item: item, message: message)
        }
        // The pipeline loops the clip's first seconds by itself (a segment seek back to 0).
        player.loopSeconds = controller.timing.loopLength
    }

    // MARK: Reports from the feeds

    /// The pointer entered or moved over item `item`'s cell in `feed`.
    func pointerMoved(in feed: FeedView, item: Int) {
        adopt(feed)
        controller.pointerMoved(overItem: item)
    }

    /// The pointer left item `item`'s cell in `feed`.
    func pointerLeft(in feed: FeedView, item: Int) {
        guard feed === self.feed else { return }
        controller.pointerLeft(item: item)
    }

    /// The keyboard focus moved onto item `item`'s cell in `feed`.
    func focusEntered(in feed: FeedView, item: Int) {
        adopt(feed)
        controller.focusEntered(item: item)
    }

    /// The keyboard focus left item `item`'s cell in `feed`.
    func focusLeft(in feed: FeedView, item: Int) {
        guard feed === self.feed else { return }
        controller.focusLeft(item: item)
    }

    /// `feed` scrolled.
    func scrolled(_ feed: FeedView) {
        guard feed === self.feed else { return }
        controller.scrolled()
    }

    /// `feed` stopped drawing `cell` (it goes to the pool, to be bound to another item).
    func cellHidden(in feed: FeedView, cell: VideoCellWidget) {
        guard feed === self.feed, player.cell === cell, let item = controller.state.item else { return }
        controller.cellHidden(item: item)
    }

    /// `feed` replaced its items.
    func itemsReplaced(in feed: FeedView) {
        guard feed === self.feed else { return }
        controller.itemsChanged()
    }

    /// `feed` goes away.
    func feedStopped(_ feed: FeedView) {
        guard feed === self.feed else { return }
        controller.itemsChanged()
        self.feed = nil
    }

    // MARK: Private

    private func adopt(_ feed: FeedView) {
        guard feed !== self.feed else { return }
        controller.itemsChanged()
        self.feed = feed
    }

    private func start(_ item: Int) {
        guard let feed, feed.model.items.indices.contains(item), let cell = feed.cell(forItem: item) else {
            controller.failed(item: item, message: "The cell is not on screen.")
            return
        }
        do {
            // Items already carry the URL to play (the feed decoder applies the `.flv` rule).
            let url = try PlainSourceResolver().resolve(feed.model.items[item].videoURL)
            player.start(url, in: cell)
        } catch {
            controller.failed(item: item, message: "\(error)")
        }
    }
}
