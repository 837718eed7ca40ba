import CGtk
import CascadeFeed
import CascadeImages
import CascadePlayer
import CascadeScreens
import Foundation

/// The page a tapped video opens: a centred 16:9 video container under a floating bar (back
/// button, title). It renders `PlayerController`'s snapshot, forwards input and performs
/// fullscreen on the window; `stop()` when leaving stops playback and releases the pipeline.
@MainActor
package final class PlayerPage {
    /// The page's root widget.
    package let root: UnsafeMutablePointer<GtkWidget>
    /// The item shown.
    package internal(set) var item: VideoItem?
    /// Called when the user asks to go back.
    package var onBack: (() -> Void)?
    /// Called when a key, wheel, swipe or MPRIS asks for the next or previous video (the
    /// window's model decides and calls `move(to:step:preroll:)`).
    package var onMove: ((PlayerQueue.Step) -> Void)?
    /// Called once when a video plays to its end, before it stops (the window's model decides
    /// whether "Autoplay next" moves on).
    package var onEnded: (() -> Void)?
    /// Whether there is a neighbour in a direction (for the desktop's media controls).
    package var hasNeighbour: (PlayerQueue.Step) -> Bool = { _ in false }
    /// The player state machine.
    package let controller: PlayerController
    /// The GStreamer engine playing for `controller`.
    package let engine: PlaybinEngine
    /// States and fullscreen changes since `show(_:)` or the last move, oldest first (`PlayerHistory`).
    package var history: [String] { log.entries }
    /// The highest position seen while playing since `resetReachedPosition()`.
    package var reachedPosition: Double { log.reachedPosition }

    package let surface = PlayerSurface()
    package let controlsBar = PlayerControlsBar()
    /// The frame above the position slider while it is hovered (`attachSeekPreviews`).
    package var seekPreview: SeekPreviewView?
    private let bar: UnsafeMutablePointer<GtkWidget>
    let titleLabel: OpaquePointer
    private let pipeline: ImagePipeline?
    /// The URL to draw for an item's cover URL, given the box the cover is decoded for in device
    /// pixels (a folder feed's thumbnail covering it); nil draws the item's.
    package var coverURL: ((URL, PixelSize) -> URL)?
    private let fullscreen: PlayerFullscreen
    private var coverTask: ImageTask?
    private var firstFrame = false
    var log = PlayerHistory()
    var isShown = false
    /// The slide of a move to a neighbour.
    private(set) var slide: PlayerSlide!
    /// The neighbour to pre-roll once the video shown has its first frame (`PlayerPage+Paging`).
    var pendingPreroll: URL?
    /// Whether `onEnded` was called for the current end.
    private var endReported = false
    private var desktop: PlayerDesktop?

    /// Creates the page; covers load through `pipeline` (none: black until the first frame).
    package init(pipeline: ImagePipeline? = nil) {
        self.pipeline = pipeline
        Stylesheet.install()
        engine = PlaybinEngine()
        controller = PlayerController(engine: engine, scheduler: GLibScheduler())

        root = gtk_overlay_new()
        gtk_widget_add_css_class(root, "player-page")
        fullscreen = PlayerFullscreen(page: root)
        bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
        gtk_widget_set_margin_start(bar, 12)
        gtk_widget_set_margin_end(bar, 12)
        gtk_widget_set_margin_top(bar, 12)
        gtk_widget_set_margin_bottom(bar, 12)
        let back = gtk_button_new_from_icon_name("go-previous-symbolic")!
        gtk_widget_set_tooltip_text(back, Localization.text("Back (Esc)"))
        Accessible.setLabel(back, Localization.text("Back"))
        titleLabel = OpaquePointer(gtk_label_new(nil))
        gtk_widget_add_css_class(titleLabel.widget, "player-title")
        gtk_label_set_ellipsize(titleLabel, PANGO_ELLIPSIZE_END)
        gtk_box_append(bar.as(GtkBox.self), back)
        gtk_box_append(bar.as(GtkBox.self), titleLabel.widget)
        gtk_label_set_max_width_chars(titleLabel, 60)
        // Only as wide as its content, so it hides as little of the video's input area as it can.
        bar.align(GTK_ALIGN_START, GTK_ALIGN_START)
        // The video is centred in the whole page; the bar floats above it.
        gtk_overlay_set_child(root.opaque, surface.root)
        gtk_overlay_add_overlay(root.opaque, bar)
        gtk_overlay_add_overlay(surface.overlay.opaque, controlsBar.root)
        slide = PlayerSlide(over: surface.media)

        Signal.connect(back.raw, "clicked") { [weak self] in self?.onBack?() }
        Signal.connect(surface.playButton.raw, "clicked") { [weak self] in self?.playClicked() }
        Signal.connect(surface.retryButton.raw, "clicked") { [weak self] in self?.retryClicked() }
        Signal.connect(surface.resumeOffer.resumeButton.raw, "clicked") { [weak self] in self?.resumeClicked() }
        Signal.connect(surface.resumeOffer.startOverButton.raw, "clicked") { [weak self] in
            self?.startOverClicked()
        }
        Signal.connect(root.raw, "map") { [weak self] in
            guard let self else { return }
            self.engine.drawnByCairo = Renderer.isCairo(self.root) ?? false
            self.takeFocus()
        }
        controlsBar.onPlayPause = { [weak self] in self?.playPauseClicked() }
        controlsBar.onSeek = { [weak self] seconds in self?.seekCommitted(to: seconds) }
        controlsBar.onVolume = { [weak self] volume in self?.controller.setVolume(volume) }
        controlsBar.onRate = { [weak self] rate in self?.rateChosen(rate) }
        controlsBar.onFullscreen = { [weak self] in self?.fullscreenClicked() }
        controlsBar.onInteraction = { [weak self] in self?.controller.pointerMoved() }
        controlsBar.tracks.onInteraction = { [weak self] in self?.controller.pointerMoved() }
        controlsBar.tracks.onAudio = { [weak self] id in self?.engine.selectAudio(id) }
        controlsBar.tracks.onSubtitle = { [weak self] id in self?.engine.selectSubtitle(id) }
        engine.onTracksChanged = { [weak self] in
            guard let self else { return }
            self.controlsBar.tracks.render(self.engine.tracks)
        }

        fullscreen.onPresentation = { [weak self] on in self?.present(fullscreen: on) }
        fullscreen.onChange = { [weak self] on in self?.controller.fullscreenDidChange(on) }
        controller.onFullscreenRequest = { [weak self] on in self?.fullscreen.request(on) }
        controller.onChange = { [weak self] _ in self?.render() }
        engine.onFrame = { [weak self] in
            guard let self else { return }
            self.surface.setVideo(self.engine.paintable)
        }
        engine.onFirstFrame = { [weak self] in
            self?.firstFrame = true
            self?.render()
            self?.applyPendingPreroll()
        }
        PlayerInput.attachPointer(to: surface.overlay, controller: controller)
        PlayerInput.attachPaging(to: surface.overlay, controller: controller) { [weak self] step in
            self?.onMove?(step)
        }
        PlayerInput.attachKeys(to: root, controller: controller)
        render()
    }

    // MARK: Public API

    /// Shows `item`: its title and cover with the play button (any previous playback stops).
    package func show(_ item: VideoItem) {
        stop()
        engine.uiFont = InterfaceFont.name
        setItem(item)
        render()
    }

    /// Makes `item` the one shown: its title, its source in the controller, a fresh history, its cover.
    func setItem(_ item: VideoItem) {
        self.item = item
        isShown = true
        gtk_label_set_text(titleLabel, item.title)
        controller.setSource(item.videoURL)
        log.restart()
        loadCover(for: item)
    }

    /// Focuses the page's default: "Resume from …" when offered, else the video. The window calls
    /// it after switching to the page, since the switch itself moves the focus.
    package func takeFocus() {
        if !surface.resumeOffer.focusDefault() { gtk_widget_grab_focus(surface.overlay) }
    }

    /// Leaves fullscreen, stops playback and releases the pipeline; idempotent, call when leaving the page.
    package func stop() {
        if controller.snapshot.isFullscreen || fullscreen.isWindowFullscreen { fullscreen.leaveNow() }
        slide.finish()
        pendingPreroll = nil
        engine.preroll(nil)
        controller.stop()
        isShown = false
        surface.setVideo(engine.paintable)
        render()
    }

    /// Connects the page to the desktop for `application`'s `window`: the MPRIS player and the
    /// idle inhibitor (`PlayerDesktop`). Call once, when the window exists.
    package func attachDesktop(
        application: UnsafeMutablePointer<GtkApplication>, window: UnsafeMutablePointer<GtkWidget>
    ) {
        guard desktop == nil else { return }
        desktop = PlayerDesktop(application: application, window: window, page: self)
        desktop?.update()
    }

    /// The video the desktop's media controls show: the item while the page shows it.
    package var track: MPRISTrack? {
        guard isShown, let item else { return nil }
        return MPRISTrack(id: item.id, title: item.title, artURL: item.coverURL)
    }

    /// Whether the toplevel window is fullscreen (what the window manager did, which under an
    /// X server without one differs from `controller.snapshot.isFullscreen`).
    package var isWindowFullscreen: Bool { fullscreen.isWindowFullscreen }

    /// How the last fullscreen transition was confirmed: "window" or "timeout".
    package var fullscreenConfirmation: String? { fullscreen.lastConfirmation }

    /// Whether the page sets the blank cursor (the widget's cursor as GTK holds it).
    package var pointerHidden: Bool {
        guard let cursor = gtk_widget_get_cursor(root), let name = gdk_cursor_get_name(cursor) else { return false }
        return String(cString: name) == "none"
    }

    /// Restarts `reachedPosition` from zero.
    package func resetReachedPosition() { log.resetReachedPosition() }

    // MARK: Input (buttons, and script actions through the same methods)

    /// The centred play button.
    package func playClicked() { controller.play() }

    /// The controls' play/pause button.
    package func playPauseClicked() { controller.togglePlayPause() }

    /// The Retry button.
    package func retryClicked() { controller.retry() }

    /// The resume offer's "Resume from …" button (the default, as the play button would).
    package func resumeClicked() {
        controller.play()
        gtk_widget_grab_focus(surface.overlay)
    }

    /// The resume offer's "Start over" button.
    package func startOverClicked() {
        controller.startOver()
        gtk_widget_grab_focus(surface.overlay)
    }

    /// Whether the resume offer is shown.
    package var isResumeOffered: Bool { surface.resumeOffer.isVisible }

    /// A speed or frame step from the window's keys or actions.
    package func adjustPlayback(_ adjustment: PlaybackAdjustment) {
        switch adjustment {
        case .faster: controller.changeRate(faster: true)
        case .slower: controller.changeRate(faster: false)
        case .nextFrame: controller.stepFrame(forward: true)
        case .previousFrame: controller.stepFrame(forward: false)
        case .nextSubtitles:
            let tracks = engine.tracks
            guard tracks.offersChoice(.subtitle) else { return }
            controller.pointerMoved()
            engine.selectSubtitle(tracks.nextSubtitle)
        case .nextAudio:
            let tracks = engine.tracks
            guard tracks.offersChoice(.audio), let next = tracks.nextAudio else { return }
            controller.pointerMoved()
            engine.selectAudio(next)
        }
    }

    /// Plays a subtitle file dropped on the page with the video playing (from where it is);
    /// false when no video plays or the file cannot be read as subtitles.
    package func loadSubtitles(_ file: URL) -> Bool {
        engine.loadSubtitles(file)
    }

    /// The video playing (its pipeline exists), nil when none.
    package var playingURL: URL? { engine.pipeline == nil ? nil : item?.videoURL }

    /// A speed chosen in the controls' menu.
    package func rateChosen(_ rate: Double) { controller.setRate(rate) }

    /// The fullscreen button.
    package func fullscreenClicked() { controller.toggleFullscreen() }

    /// A committed slider change.
    package func seekCommitted(to seconds: Double) {
        controller.pointerMoved()
        controller.seek(to: seconds)
    }

    // MARK: Private

    func render() {
        let snapshot = controller.snapshot
        if !snapshot.state.hasMedia { firstFrame = false }
        controlsBar.tracks.render(engine.tracks)
        surface.setVideo(engine.paintable)
        let controls = snapshot.controls
        surface.render(snapshot, controls: controls, firstFrame: firstFrame)
        controlsBar.render(controls, snapshot: snapshot)
        let barShown = controls.isVisible && (snapshot.state == .playing || snapshot.state == .paused)
        gtk_widget_set_visible(controlsBar.root, barShown ? 1 : 0)
        // "none" is GDK's blank cursor; nil inherits the default again.
        gtk_widget_set_cursor_from_name(root, controls.hidesPointer ? "none" : nil)
        log.record(state: snapshot.state.name, isFullscreen: snapshot.isFullscreen, position: snapshot.position)
        desktop?.update()
        // Last: "Autoplay next" may move to the next video from here, which renders again.
        if snapshot.state != .ended {
            endReported = false
        } else if !endReported {
            endReported = true
            onEnded?()
        }
    }

    private func present(fullscreen: Bool) {
        gtk_widget_set_visible(bar, fullscreen ? 0 : 1)
        root.setCSSClass("fullscreen", fullscreen)
    }

    func loadCover(for item: VideoItem) {
        coverTask?.cancel()
        coverTask = nil
        surface.setCover(nil)
        guard let pipeline else { return }
        let box = PixelSize(width: CacheBudgets.playerCoverPixels.width, height: CacheBudgets.playerCoverPixels.height)
        let request = ImageRequest(url: coverURL?(item.coverURL, box) ?? item.coverURL, targetSize: box)
        let id = item.id
        coverTask = pipeline.load(request) { [weak self] result in
            guard let self, self.item?.id == id, case .success(let image) = result else { return }
            let texture = TextureFactory.texture(from: image, forCairo: Renderer.isCairo(self.root) ?? false)
            self.surface.setCover(texture)
            if let texture { g_object_unref(UnsafeMutableRawPointer(texture)) }
        }
    }

}
