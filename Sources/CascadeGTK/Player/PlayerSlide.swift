import CGtk
import CascadeCollection
import CascadeNumerics
import CascadeScreens

/// The vertical slide of a move to a neighbouring video: the frame that was shown slides up
/// (forward) or down (backward) out of the video area along `Motion.videoSlide`, uncovering
/// the new video, which plays underneath from the start.
///
/// The frame is a picture over the video placed by the overlay's `get-child-position`, so the
/// slide moves no widget but this one and the video keeps drawing.
@MainActor
final class PlayerSlide {
    // MARK: Lifecycle

    /// Puts the (hidden) slide over `media`, an overlay holding the video.
    init(over media: UnsafeMutablePointer<GtkWidget>) {
        self.media = media
        picture = OpaquePointer(gtk_picture_new())
        gtk_picture_set_can_shrink(picture, 1)
        gtk_picture_set_content_fit(picture, GTK_CONTENT_FIT_CONTAIN)
        gtk_widget_add_css_class(picture.widget, "player-slide")
        gtk_widget_set_can_target(picture.widget, 0)
        gtk_widget_set_visible(picture.widget, 0)
        gtk_overlay_add_overlay(media.opaque, picture.widget)
        let child = picture.widget
        Signal.connectChildPosition(UnsafeMutableRawPointer(media)) { [weak self] widget, rect in
            guard let self, widget == child else { return false }
            let width = gtk_widget_get_width(media)
            let height = gtk_widget_get_height(media)
            rect.pointee = GdkRectangle(
                x: 0, y: Int32(clamping: Int(saturatingRounded: self.offset * Double(height))), width: width,
                height: height)
            return true
        }
    }

    // MARK: Internal

    /// Whether a slide is running.
    private(set) var isSliding = false

    /// Where the frame is, as a fraction of the video's height (0: in place, -1: gone up).
    private(set) var offset = 0.0

    /// Slides `frame` (a paintable; nil: nothing to slide) out of view for a move in `step`;
    /// a slide still running ends at once first.
    func start(frame: OpaquePointer?, step: PlayerQueue.Step) {
        finish()
        guard let frame else { return }
        gtk_picture_set_paintable(picture, frame)
        offset = 0
        gtk_widget_set_visible(picture.widget, 1)
        isSliding = true
        animation = MotionAnimation(
            widget: media, motion: .videoSlide, from: 0, to: step == .forward ? -1 : 1,
            onFrame: { [weak self] value in
                guard let self else { return }
                self.offset = value
                gtk_widget_queue_allocate(self.media)
            },
            onFinish: { [weak self] in self?.finish() })
    }

    /// Ends the slide at once (the frame hidden and released).
    func finish() {
        animation?.stop()
        animation = nil
        isSliding = false
        offset = 0
        gtk_widget_set_visible(picture.widget, 0)
        gtk_picture_set_paintable(picture, nil)
    }

    // MARK: Private

    private let media: UnsafeMutablePointer<GtkWidget>
    private let picture: OpaquePointer
    private var animation: MotionAnimation?
}
