import CGtk
import CascadeFeed
import CascadeGTK
import CascadeImages
import CascadePixbuf
import CascadeScreens
import Foundation

/// Ours in the `gtk` suite: the app's `FeedView` (masonry, recycled cells, fitted titles measured
/// with Pango) over a `FeedScreenModel` of the catalog, its covers through the app's
/// `ImagePipeline` (gdk-pixbuf decodes off the main thread, the app's memory cache budget), in
/// a window of its own.
@MainActor
final class FeedViewSubject {
    /// The window.
    let window: UnsafeMutablePointer<GtkWidget>
    /// The feed view drawn in it.
    let view: FeedView
    private let model: FeedScreenModel

    /// A window of `size` showing the catalog at `root` in 4 columns, cells as the app makes them.
    init(catalog root: URL, size: (width: Int32, height: Int32)) {
        window = gtk_window_new()
        gtk_window_set_title(window.as(GtkWindow.self), "cascade")
        gtk_window_set_default_size(window.as(GtkWindow.self), size.width, size.height)
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        var configuration = FeedScreenModel.Configuration(columns: .fixed(4))
        configuration.cellStyle = .fitted
        model = FeedScreenModel(
            pager: FeedPager(loader: LocalCatalogLoader(root: root, channelID: "all"), pageSize: 500),
            configuration: configuration, titleMeasurer: PangoTitleMeasurer(in: content))
        let pipeline = ImagePipeline(
            decoder: PixbufImageDecoder(), memoryCache: MemoryImageCache(costLimit: CacheBudgets.decodedCoverBytes))
        view = FeedView(model: model, pipeline: pipeline)
        gtk_widget_set_vexpand(view.root, 1)
        gtk_box_append(content.as(GtkBox.self), view.root)
        gtk_window_set_child(window.as(GtkWindow.self), content)
        gtk_window_present(window.as(GtkWindow.self))
        Stylesheet.noteRenderer(of: window)
        view.start()
    }

    /// Loads every page of the catalog (`items` entries), then shows the top with its covers.
    func load(items: Int) throws {
        guard MainLoopBridge.run(until: { self.view.viewportHeight > 0 }, timeout: 10 * FlingDriver.patience) else {
            throw FlingDriver.Failure(description: "the feed window was never sized")
        }
        var task: Task<Void, Never>? = model.pager.refresh()
        while let running = task {
            var done = false
            Task { @MainActor in
                await running.value
                done = true
            }
            guard
                MainLoopBridge.run(
                    until: { done && !self.model.isMeasuringLanding }, timeout: 60 * FlingDriver.patience)
            else {
                throw FlingDriver.Failure(description: "a page did not load in 60 s")
            }
            task = model.items.count < items ? model.pager.loadMore() : nil
        }
        guard model.items.count == items else {
            throw FlingDriver.Failure(description: "the feed holds \(model.items.count) of \(items) items")
        }
        view.scroll(to: 0)
        guard
            MainLoopBridge.run(
                until: { !self.view.hasPendingImages && !self.view.isAnimating }, timeout: 30 * FlingDriver.patience)
        else {
            throw FlingDriver.Failure(description: "the first covers did not arrive in 30 s")
        }
    }

    /// The content's height per row of 4 items (spacing included): the peer's cells get it, so
    /// both scroll past the same number of items per point.
    var heightPerRow: Double {
        (view.maxOffset + view.viewportHeight) / (Double(model.items.count) / 4).rounded(.up)
    }

    /// Stops the view and closes the window.
    func close() {
        view.stop()
        gtk_window_destroy(window.as(GtkWindow.self))
    }
}
