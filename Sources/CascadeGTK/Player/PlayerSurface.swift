import CGtk
import CascadePlayer
import CascadeScreens

/// The player's 16:9 video container: the video over black, the cover until the first frame,
/// the play button (or the resume offer), a spinner, and the error with Retry, rendered from a
/// `PlayerSnapshot`. Brightness is the video's (and cover's) opacity over the black.
@MainActor
package final class PlayerSurface {
    /// The aspect frame (16:9, centred, as wide as the page allows).
    package let root: UnsafeMutablePointer<GtkWidget>
    /// The overlay inside the frame: gestures and overlays (the controls bar) attach here.
    package let overlay: UnsafeMutablePointer<GtkWidget>
    /// The centred play button.
    package let playButton: UnsafeMutablePointer<GtkWidget>
    /// The Retry button of the error message.
    let retryButton: UnsafeMutablePointer<GtkWidget>
    /// "Resume from 1:23" / "Start over", shown instead of the play button when offered.
    package let resumeOffer = PlayerResumeOffer()
    /// The video and the cover, stacked; the slide of a move to a neighbour draws over them.
    let media: UnsafeMutablePointer<GtkWidget>
    private let video: OpaquePointer
    private let cover: OpaquePointer
    private let spinner: OpaquePointer
    private let errorBox: UnsafeMutablePointer<GtkWidget>
    private let errorLabel: OpaquePointer
    private var videoPaintable: OpaquePointer?

    /// Whether the cover is shown (for the report).
    package private(set) var coverVisible = true
    /// Whether a cover image has been set.
    package private(set) var hasCoverImage = false

    /// Creates the container.
    init() {
        root = gtk_aspect_frame_new(0.5, 0.5, 16.0 / 9.0, 0)
        root.expand()

        overlay = gtk_overlay_new()
        gtk_widget_add_css_class(overlay, "player-surface")
        gtk_widget_set_overflow(overlay, GTK_OVERFLOW_HIDDEN)
        gtk_widget_set_focusable(overlay, 1)
        gtk_aspect_frame_set_child(root.opaque, overlay)

        media = gtk_overlay_new()
        video = OpaquePointer(gtk_picture_new())
        gtk_picture_set_can_shrink(video, 1)
        gtk_picture_set_content_fit(video, GTK_CONTENT_FIT_CONTAIN)
        gtk_overlay_set_child(media.opaque, video.widget)
        cover = OpaquePointer(gtk_picture_new())
        gtk_picture_set_can_shrink(cover, 1)
        gtk_picture_set_content_fit(cover, GTK_CONTENT_FIT_COVER)
        gtk_overlay_add_overlay(media.opaque, cover.widget)
        gtk_overlay_set_child(overlay.opaque, media)

        playButton = gtk_button_new_from_icon_name("media-playback-start-symbolic")
        gtk_widget_add_css_class(playButton, "player-play-button")
        gtk_widget_set_size_request(playButton, 44, 44)
        playButton.align(GTK_ALIGN_CENTER, GTK_ALIGN_CENTER)
        gtk_widget_set_tooltip_text(playButton, Localization.text("Play (Space)"))
        Accessible.setLabel(playButton, AccessibleText.playPause(showsPause: false, translate: Localization.text))
        gtk_overlay_add_overlay(overlay.opaque, playButton)
        gtk_overlay_add_overlay(overlay.opaque, resumeOffer.root)

        spinner = OpaquePointer(gtk_spinner_new())
        gtk_widget_set_size_request(spinner.widget, 32, 32)
        spinner.widget.align(GTK_ALIGN_CENTER, GTK_ALIGN_CENTER)
        gtk_widget_set_can_target(spinner.widget, 0)
        gtk_overlay_add_overlay(overlay.opaque, spinner.widget)

        errorBox = gtk_box_new(GTK_ORIENTATION_VERTICAL, 10)
        gtk_widget_add_css_class(errorBox, "player-error")
        errorBox.align(GTK_ALIGN_CENTER, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_start(errorBox, 24)
        gtk_widget_set_margin_end(errorBox, 24)
        let errorTitle = gtk_label_new(Localization.text("Can't play this video"))!
        gtk_widget_add_css_class(errorTitle, "player-error-title")
        errorLabel = OpaquePointer(gtk_label_new(nil))
        gtk_label_set_wrap(errorLabel, 1)
        gtk_label_set_max_width_chars(errorLabel, 48)
        gtk_label_set_justify(errorLabel, GTK_JUSTIFY_CENTER)
        retryButton = gtk_button_new_with_label(Localization.text("Retry"))
        gtk_widget_set_halign(retryButton, GTK_ALIGN_CENTER)
        gtk_box_append(errorBox.as(GtkBox.self), errorTitle)
        gtk_box_append(errorBox.as(GtkBox.self), errorLabel.widget)
        gtk_box_append(errorBox.as(GtkBox.self), retryButton)
        gtk_overlay_add_overlay(overlay.opaque, errorBox)
        gtk_widget_set_visible(errorBox, 0)
    }

    // MARK: Content

    /// What the video area shows now: the video's frame, else the cover (borrowed).
    var shownFrame: OpaquePointer? {
        coverVisible ? gtk_picture_get_paintable(cover) : gtk_picture_get_paintable(video)
    }

    /// Shows `texture` as the cover (nil: none). The picture takes its own reference.
    func setCover(_ texture: OpaquePointer?) {
        gtk_picture_set_paintable(cover, texture)
        hasCoverImage = texture != nil
    }

    /// Shows the engine's paintable (nil releases the picture's reference to the old stream).
    func setVideo(_ paintable: OpaquePointer?) {
        guard paintable != videoPaintable else { return }
        videoPaintable = paintable
        gtk_picture_set_paintable(video, paintable)
    }

    // MARK: Rendering

    /// Shows what `snapshot` says; `firstFrame` tells whether the video has drawn a frame yet.
    func render(_ snapshot: PlayerSnapshot, controls: PlayerControls, firstFrame: Bool) {
        let state = snapshot.state
        coverVisible = state.showsCover || !firstFrame
        gtk_widget_set_visible(cover.widget, coverVisible ? 1 : 0)
        gtk_widget_set_visible(video.widget, state.hasMedia ? 1 : 0)
        gtk_widget_set_opacity(media, controls.mediaOpacity)
        let offer = state.showsPlayButton ? snapshot.resumeOffer : nil
        resumeOffer.render(offer)
        gtk_widget_set_visible(playButton, state.showsPlayButton && offer == nil ? 1 : 0)
        gtk_widget_set_visible(spinner.widget, controls.showsSpinner ? 1 : 0)
        if controls.showsSpinner { gtk_spinner_start(spinner) } else { gtk_spinner_stop(spinner) }
        if let message = controls.errorMessage {
            gtk_label_set_text(errorLabel, Localization.text(message))
            gtk_widget_set_visible(retryButton, controls.canRetry ? 1 : 0)
            gtk_widget_set_visible(errorBox, 1)
        } else {
            gtk_widget_set_visible(errorBox, 0)
        }
    }

    /// Whether the play button is shown.
    package var playButtonVisible: Bool { gtk_widget_get_visible(playButton) != 0 }
    /// Whether the error message is shown.
    var errorVisible: Bool { gtk_widget_get_visible(errorBox) != 0 }
    /// Whether the Retry button is shown.
    package var retryVisible: Bool { errorVisible && gtk_widget_get_visible(retryButton) != 0 }
}
