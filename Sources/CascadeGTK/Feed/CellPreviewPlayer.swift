import CGtk
import CascadePlayer
import Foundation

/// The one hover-preview pipeline of the window: a muted, looping `MediaStreamEngine` drawn by a
/// `GtkPicture` layer that moves into the cover area of the cell it previews.
///
/// The layer is transparent until the first video frame, so the cover shows until then; the
/// stylesheet then fades it in (`.cell-preview.shown`). `stop()` takes the layer out of the
/// cell and releases the pipeline through the engine's `stop()` (paused, then dropped once
/// GStreamer's bus has drained: the engine's handling of the GstPlay leak), and the picture
/// lets go of the stream first so nothing keeps it alive.
@MainActor
final class CellPreviewPlayer {
    /// The picture showing the video (owned: it survives moving between cells).
    let layer: UnsafeMutablePointer<GtkWidget>
    /// The engine, muted and looping.
    let engine: MediaStreamEngine
    /// The first video frame is drawn.
    var onFirstFrame: (() -> Void)?
    /// The pipeline failed, with the user-facing message.
    var onFailure: ((String) -> Void)?
    /// The position advanced (seconds).
    var onPosition: ((Double) -> Void)?
    /// Whether the video layer is faded in (a first frame arrived since `start`).
    private(set) var isShowingVideo = false

    /// The cell whose cover area shows the layer, nil when stopped.
    private(set) weak var cell: VideoCellWidget?

    // MARK: Lifecycle

    init() {
        var configuration = MediaStreamEngine.Configuration()
        configuration.muted = true
        configuration.loops = true
        configuration.releaseDelay = Self.releaseDelay
        engine = MediaStreamEngine(configuration: configuration)
        let picture = gtk_picture_new()!
        g_object_ref_sink(picture.raw)  // kept while it moves between cells
        layer = picture
        gtk_picture_set_content_fit(OpaquePointer(picture), GTK_CONTENT_FIT_COVER)
        gtk_picture_set_can_shrink(OpaquePointer(picture), 1)
        gtk_widget_add_css_class(picture, "cell-preview")
        // Clicks, wheel and motion go to the cell and the feed as before.
        gtk_widget_set_can_target(picture, 0)
        engine.onFirstFrame = { [weak self] in self?.firstFrame() }
        engine.onEvent = { [weak self] event in self?.handle(event) }
    }

    isolated deinit {
        stop()
        g_object_unref(layer.raw)
    }

    /// Milliseconds a stopped preview's paused pipeline is kept before it is dropped: a
    /// preview is often stopped while its pipeline still changes state, whose pause completes
    /// late under load (see `MediaStreamEngine.Configuration.releaseDelay`).
    static let releaseDelay: UInt32 = 1000

    // MARK: API

    /// Plays `url` muted and looping in `cell`'s cover area (any previous preview stops).
    func start(_ url: URL, in cell: VideoCellWidget) {
        stop()
        self.cell = cell
        cell.attachPreview(layer)
        engine.load(url)
        engine.play()
    }

    /// Restarts the clip from its beginning (the preview loops its first seconds).
    func restart() {
        engine.seek(to: 0) { _ in }
    }

    /// Takes the layer out of its cell and releases the pipeline. Idempotent.
    func stop() {
        gtk_picture_set_paintable(OpaquePointer(layer), nil)
        gtk_widget_remove_css_class(layer, "shown")
        isShowingVideo = false
        if let cell { cell.detachPreview(layer) }
        cell = nil
        engine.stop()
    }

    // MARK: Private

    private func firstFrame() {
        guard cell != nil, let paintable = engine.paintable else { return }
        gtk_picture_set_paintable(OpaquePointer(layer), paintable)
        gtk_widget_add_css_class(layer, "shown")
        isShowingVideo = true
        onFirstFrame?()
    }

    private func handle(_ event: PlaybackEvent) {
        switch event {
        case .failed(let message): onFailure?(message)
        case .position(let seconds): onPosition?(seconds)
        case .ended:
            // A looping stream does not end; should one, start over.
            restart()
            engine.play()
        default: break
        }
    }
}
