import CGtk
import CascadeNumerics
import CascadePlayer
import Foundation

/// The thin bar along a cover's bottom showing how much of a partially watched video was
/// watched: a track the cover's width filled `point.fraction` from the leading edge, hidden
/// without a `ResumePoint` that has a duration.
@MainActor
final class CoverProgressBar {
    /// The bar's height in points.
    static let height: Int32 = 4

    /// The track (an overlay child of the cover, aligned to its bottom).
    let root: UnsafeMutablePointer<GtkWidget>
    /// What the bar shows (nil: hidden).
    private(set) var point: ResumePoint?
    private let fill: UnsafeMutablePointer<GtkWidget>
    private var width: Double = 0

    /// Creates a hidden bar.
    init() {
        root = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        gtk_widget_add_css_class(root, "cover-progress")
        root.align(GTK_ALIGN_FILL, GTK_ALIGN_END)
        gtk_widget_set_size_request(root, -1, Self.height)
        gtk_widget_set_can_target(root, 0)
        fill = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        gtk_widget_add_css_class(fill, "cover-progress-fill")
        gtk_widget_set_halign(fill, GTK_ALIGN_START)
        gtk_widget_set_hexpand(fill, 0)
        gtk_box_append(root.as(GtkBox.self), fill)
        gtk_widget_set_visible(root, 0)
    }

    /// Whether the bar is drawn (shown with a fill).
    var isShown: Bool { gtk_widget_get_visible(root) != 0 }

    /// The fraction drawn, nil when hidden.
    var shownFraction: Double? { isShown ? point?.fraction : nil }

    /// Shows `point`'s watched fraction (nil hides the bar).
    func show(_ point: ResumePoint?) {
        self.point = point
        render()
    }

    /// The cover's width changed.
    func apply(width: Double) {
        self.width = width
        render()
    }

    private func render() {
        guard let fraction = point?.fraction, width > 0 else {
            gtk_widget_set_visible(root, 0)
            return
        }
        // At least a sliver, so a video left early still shows that it was started.
        let filled = max(2, (width * fraction).rounded())
        gtk_widget_set_size_request(fill, Int32(saturating: filled), Self.height)
        gtk_widget_set_visible(root, 1)
    }
}
