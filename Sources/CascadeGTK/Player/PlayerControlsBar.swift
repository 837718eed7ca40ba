import CGtk
import CascadePlayer
import CascadeScreens

/// The controls overlay at the video's bottom (play/pause, times, progress slider, volume,
/// audio and subtitle menus, speed menu, fullscreen), rendering `PlayerControls`; a slider drag previews the time and seeks once, on
/// release, while keys and scroll seek at once (`SliderScrub`).
@MainActor
package final class PlayerControlsBar {
    /// The bar (an overlay child aligned to the bottom of the video).
    package let root: UnsafeMutablePointer<GtkWidget>
    /// Called for the play/pause button.
    var onPlayPause: (() -> Void)?
    /// Called with the target seconds when a slider change commits.
    var onSeek: ((Double) -> Void)?
    /// Called with a volume 0…1 when the volume slider moves.
    package var onVolume: ((Double) -> Void)?
    /// Called with a speed chosen in the speed menu (one of `PlaybackRate.steps`).
    package var onRate: ((Double) -> Void)?
    /// Called for the fullscreen button.
    var onFullscreen: (() -> Void)?
    /// Called for any input on the bar (keeps the overlay shown).
    var onInteraction: (() -> Void)?

    let playPause: UnsafeMutablePointer<GtkWidget>
    private let elapsed: OpaquePointer
    private let total: OpaquePointer
    package let progress: UnsafeMutablePointer<GtkWidget>
    private let volumeIcon: OpaquePointer
    let volume: UnsafeMutablePointer<GtkWidget>
    let fullscreen: UnsafeMutablePointer<GtkWidget>
    /// The Audio and Subtitles menus, shown when the video offers a choice.
    package let tracks = PlayerTrackMenus()
    /// The speed menu (a `GtkDropDown` of `PlaybackRate.steps`).
    package let speed: UnsafeMutablePointer<GtkWidget>
    private var isUpdating = false
    private var duration = 0.0
    /// The progress slider's press and release.
    private var scrub = SliderScrub()

    /// Creates the bar.
    init() {
        root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        gtk_widget_add_css_class(root, "player-controls")
        gtk_widget_set_valign(root, GTK_ALIGN_END)
        gtk_widget_set_hexpand(root, 1)

        playPause = gtk_button_new_from_icon_name("media-playback-start-symbolic")
        gtk_widget_set_tooltip_text(playPause, Localization.text("Play/Pause (Space)"))
        elapsed = OpaquePointer(gtk_label_new("0:00"))
        total = OpaquePointer(gtk_label_new("0:00"))
        for label in [elapsed, total] { gtk_widget_add_css_class(label.widget, "player-time") }
        progress = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 1, 0.1)
        gtk_scale_set_draw_value(progress.as(GtkScale.self), 0)
        gtk_widget_set_hexpand(progress, 1)
        gtk_widget_set_valign(progress, GTK_ALIGN_CENTER)
        gtk_widget_set_tooltip_text(progress, Localization.text("Seek (←/→ 5 s, J/L 10 s)"))
        volumeIcon = OpaquePointer(gtk_image_new_from_icon_name("audio-volume-high-symbolic"))
        volume = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 1, 0.05)
        gtk_scale_set_draw_value(volume.as(GtkScale.self), 0)
        gtk_widget_set_size_request(volume, 80, -1)
        gtk_widget_set_valign(volume, GTK_ALIGN_CENTER)
        gtk_widget_set_tooltip_text(volume, Localization.text("Volume (↑/↓)"))
        speed = Self.makeSpeedMenu()
        gtk_widget_set_valign(speed, GTK_ALIGN_CENTER)
        gtk_widget_set_tooltip_text(speed, Localization.text("Speed ([ and ])"))
        fullscreen = gtk_button_new_from_icon_name("view-fullscreen-symbolic")
        gtk_widget_set_tooltip_text(fullscreen, Localization.text("Fullscreen (F)"))

        for widget in [
            playPause, elapsed.widget, progress, total.widget, volumeIcon.widget, volume, tracks.audio,
            tracks.subtitles, speed, fullscreen,
        ] {
            gtk_box_append(root.as(GtkBox.self), widget)
        }

        Accessible.setLabel(progress, AccessibleText.positionLabel(translate: Localization.text))
        Accessible.setLabel(volume, AccessibleText.volumeLabel(translate: Localization.text))
        Accessible.setLabel(speed, Localization.text("Speed"))
        Signal.connect(playPause.raw, "clicked") { [weak self] in self?.onPlayPause?() }
        Signal.connect(fullscreen.raw, "clicked") { [weak self] in self?.onFullscreen?() }
        Signal.connect(progress.raw, "value-changed") { [weak self] in self?.progressChanged() }
        Signal.connect(volume.raw, "value-changed") { [weak self] in
            guard let self, !self.isUpdating else { return }
            self.onInteraction?()
            self.onVolume?(gtk_range_get_value(self.volume.as(GtkRange.self)))
        }
        Signal.connectNotify(speed.raw, "selected") { [weak self] in
            guard let self, !self.isUpdating else { return }
            let index = Int(clamping: gtk_drop_down_get_selected(OpaquePointer(self.speed)))
            guard PlaybackRate.steps.indices.contains(index) else { return }
            self.onInteraction?()
            self.onRate?(PlaybackRate.steps[index])
        }
        watchPointer(on: progress)
    }

    // MARK: Rendering

    /// Shows `controls`, the volume and the fullscreen state of `snapshot`.
    func render(_ controls: PlayerControls, snapshot: PlayerSnapshot) {
        isUpdating = true
        defer { isUpdating = false }
        gtk_button_set_icon_name(
            playPause.as(GtkButton.self), PlayerIcons.playPause(showsPause: controls.showsPauseButton))
        duration = snapshot.duration
        gtk_range_set_range(progress.as(GtkRange.self), 0, max(duration, 0.001))
        if !scrub.isScrubbing {
            gtk_label_set_text(elapsed, controls.elapsedText)
            gtk_range_set_value(progress.as(GtkRange.self), snapshot.scrubPosition ?? snapshot.position)
        }
        gtk_label_set_text(total, controls.totalText)
        gtk_widget_set_sensitive(progress, snapshot.duration > 0 ? 1 : 0)
        gtk_range_set_value(volume.as(GtkRange.self), snapshot.volume)
        gtk_image_set_from_icon_name(volumeIcon, PlayerIcons.volume(snapshot.volume))
        let step = guint(clamping: PlaybackRate.nearestStep(to: snapshot.rate))
        if gtk_drop_down_get_selected(OpaquePointer(speed)) != step {
            gtk_drop_down_set_selected(OpaquePointer(speed), step)
        }
        gtk_button_set_icon_name(
            fullscreen.as(GtkButton.self), PlayerIcons.fullscreen(isFullscreen: snapshot.isFullscreen))
        describeForAccessibility(controls, snapshot: snapshot)
    }

    /// The elapsed and total texts shown (for the report).
    package var timeTexts: (elapsed: String, total: String) {
        (String(cString: gtk_label_get_text(elapsed)), String(cString: gtk_label_get_text(total)))
    }

    /// The speed shown in the menu (for the report), nil when none is selected.
    package var speedText: String? {
        let index = Int(clamping: gtk_drop_down_get_selected(OpaquePointer(speed)))
        return PlaybackRate.steps.indices.contains(index) ? PlaybackRate.label(PlaybackRate.steps[index]) : nil
    }

    // MARK: Private

    /// A drop-down listing each step's label ("0.5×" … "2×").
    private static func makeSpeedMenu() -> UnsafeMutablePointer<GtkWidget> {
        var strings: [UnsafeMutablePointer<CChar>?] = PlaybackRate.steps.map { strdup(PlaybackRate.label($0)) } + [nil]
        defer { for string in strings { free(string) } }
        return strings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_drop_down_new_from_strings($0)
            }
        }
    }

    /// What the buttons do and where the sliders are, for screen readers (GtkRange already
    /// gives the sliders their role and numbers; the texts say them as a person reads them).
    private func describeForAccessibility(_ controls: PlayerControls, snapshot: PlayerSnapshot) {
        let translate = Localization.text
        Accessible.setLabel(
            playPause, AccessibleText.playPause(showsPause: controls.showsPauseButton, translate: translate))
        Accessible.setLabel(
            fullscreen, AccessibleText.fullscreen(isFullscreen: snapshot.isFullscreen, translate: translate))
        let range = progress.as(GtkRange.self)
        let shownTotal = String(cString: gtk_label_get_text(total))
        Accessible.setValue(
            progress, now: gtk_range_get_value(range), min: 0, max: max(duration, 0.001),
            text: AccessibleText.position(
                elapsed: String(cString: gtk_label_get_text(elapsed)), total: shownTotal, translate: translate))
        Accessible.setValue(
            volume, now: gtk_range_get_value(volume.as(GtkRange.self)), min: 0, max: 1,
            text: AccessibleText.volume(snapshot.volume, translate: translate))
    }

    private func progressChanged() {
        guard !isUpdating else { return }
        onInteraction?()
        switch scrub.changed(to: gtk_range_get_value(progress.as(GtkRange.self))) {
        case .preview(let seconds): gtk_label_set_text(elapsed, PlayerTimeFormatter.string(from: seconds))
        case .seek(let seconds): onSeek?(seconds)
        }
    }

    /// Press and release on the slider, seen before the slider's own gestures claim them.
    private func watchPointer(on widget: UnsafeMutablePointer<GtkWidget>) {
        let legacy = gtk_event_controller_legacy_new()!
        gtk_event_controller_set_propagation_phase(legacy, GTK_PHASE_CAPTURE)
        Signal.connectEvent(UnsafeMutableRawPointer(legacy)) { [weak self] type in
            // Watch only: the slider still gets every event.
            guard let self else { return false }
            switch type {
            case GDK_BUTTON_PRESS, GDK_TOUCH_BEGIN:
                self.scrub.pressed()
                self.onInteraction?()
            case GDK_BUTTON_RELEASE, GDK_TOUCH_END, GDK_TOUCH_CANCEL:
                guard let seconds = self.scrub.released(at: gtk_range_get_value(self.progress.as(GtkRange.self)))
                else { return false }
                self.onSeek?(seconds)
            default:
                break
            }
            return false
        }
        gtk_widget_add_controller(widget, legacy)
    }
}
