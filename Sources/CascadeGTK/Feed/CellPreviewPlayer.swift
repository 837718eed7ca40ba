import CGtk
import CascadeGStreamer
import CascadePlayer
import CascadeScreens
import Foundation

/// The window's one hover-preview player: a `PreviewPipeline` (video only, frames scaled to the
/// cover's device pixels) drawn by a `CoverSurfaceView` layer moved into the previewed cell.
/// Only what `MediaProbe` finds to be a video reaches GStreamer; the layer fades in at the
/// first frame (`.cell-preview.shown`), and `stop()` removes it and releases the pipeline.
@MainActor
package final class CellPreviewPlayer {
    /// The view showing the frames (owned: it survives moving between cells).
    let view = CoverSurfaceView()
    /// The layer's widget.
    var layer: UnsafeMutablePointer<GtkWidget> { view.widget }
    /// Seconds of the clip played before it starts over.
    var loopSeconds = 5.0
    /// The first video frame is drawn.
    var onFirstFrame: (() -> Void)?
    /// The preview failed, with the user-facing message.
    var onFailure: ((String) -> Void)?
    /// Whether the video layer is faded in (a first frame arrived since `start`).
    package private(set) var isShowingVideo = false
    /// Frames drawn since `start`.
    package private(set) var framesShown = 0
    /// The clip position of the frame drawn last (seconds), nil before the first.
    package private(set) var shownPosition: Double?

    /// The cell whose cover area shows the layer, nil when stopped.
    private(set) weak var cell: VideoCellWidget?

    // MARK: Lifecycle

    init() {
        g_object_ref_sink(layer.raw)  // kept while it moves between cells
        gtk_widget_add_css_class(layer, "cell-preview")
        // Clicks, wheel and motion go to the cell and the feed as before.
        gtk_widget_set_can_target(layer, 0)
    }

    isolated deinit {
        stop()
        g_object_unref(layer.raw)
    }

    // MARK: API

    /// Plays `url` muted and looping in `cell`'s cover area (any previous preview stops).
    func start(_ url: URL, in cell: VideoCellWidget) {
        stop()
        self.cell = cell
        cell.attachPreview(layer)
        let load = loadCount
        if url.isFileURL {
            proceed(with: MediaProbe.probeLocalFile(url), url: url)
            return
        }
        let weakSelf = WeakPlayer(self)
        // A callback, not a Task: the answer arrives through the GLib main loop.
        MediaProbe(deadline: 5).probe(url) { outcome in
            MainLoopHandoff.async {
                guard let self = weakSelf.player, self.loadCount == load else { return }
                self.proceed(with: outcome, url: url)
            }
        }
    }

    /// Takes the layer out of its cell and releases the pipeline. Idempotent.
    func stop() {
        loadCount += 1
        let hadPipeline = pipeline != nil
        pipeline?.stop()
        pipeline = nil
        view.clear()
        gtk_widget_remove_css_class(layer, "shown")
        isShowingVideo = false
        framesShown = 0
        shownPosition = nil
        if let cell { cell.detachPreview(layer) }
        cell = nil
        // Give the stopped pipeline's pages back to the system (glibc's per-thread arenas keep them).
        if hadPipeline { _ = malloc_trim(0) }
    }

    // MARK: Private

    private var pipeline: PreviewPipeline?
    /// Counts `start`/`stop` calls: a probe answer for an earlier start does nothing.
    private var loadCount = 0

    private final class WeakPlayer: @unchecked Sendable {
        weak var player: CellPreviewPlayer?
        init(_ player: CellPreviewPlayer) { self.player = player }
    }

    /// Opens the pipeline if the probe found a video (or could not read the source:
    /// GStreamer then reports its own error), fails with the player's refusal otherwise.
    private func proceed(with outcome: MediaProbe.Outcome, url: URL) {
        switch outcome {
        case .classified(let signature) where signature.isVideo: open(url)
        case .unreadable: open(url)
        case .classified(let signature): onFailure?(signature.refusal ?? "This isn't a video.")
        case .refused(let message): onFailure?(message)
        }
    }

    private func open(_ url: URL) {
        guard let cell else { return }
        let scale = Int(clamping: max(1, gtk_widget_get_scale_factor(cell.coverBox)))
        let width = Int(gtk_widget_get_width(cell.coverBox)) * scale
        let height = Int(gtk_widget_get_height(cell.coverBox)) * scale
        do {
            let pipeline = try PreviewPipeline(
                uri: url.absoluteString, width: width, height: height, loopSeconds: loopSeconds)
            pipeline.onFrame = { [weak self] frame in self?.show(frame) }
            pipeline.onFailure = { [weak self, weak pipeline] message in
                // What GStreamer says, for the terminal; the feed shows the plain message.
                let detail = pipeline?.failureDetail.map { " (\($0))" } ?? ""
                Console.warn("preview of \(url.absoluteString): \(message)\(detail)")
                self?.onFailure?(PlaybackFailureText.userMessage(fromGStreamer: message))
            }
            self.pipeline = pipeline
            pipeline.play()
        } catch {
            onFailure?("The preview cannot play: \(error)")
        }
    }

    private func show(_ frame: PreviewFrame) {
        guard cell != nil,
            view.showFrame(
                pixels: frame.pixels, width: frame.width, height: frame.height, bytesPerRow: frame.bytesPerRow)
        else { return }
        framesShown += 1
        shownPosition = frame.position
        guard !isShowingVideo else { return }
        gtk_widget_add_css_class(layer, "shown")
        isShowingVideo = true
        onFirstFrame?()
    }
}
