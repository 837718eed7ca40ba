import CGtk
import CascadeScreens

/// An `AdwStatusPage` drawing a `StatusPage` (icon, title, description and, when it has one,
/// a pill button) over a feed, on the window's background so the empty feed below does not show.
@MainActor
package final class StatusPageView {
    /// The `AdwStatusPage`; add it as an overlay over the feed (hidden until `show`).
    package let root: UnsafeMutablePointer<GtkWidget>
    /// The page shown, nil while hidden.
    package private(set) var shown: StatusPage?
    /// Runs when the button (Retry, Reload) is pressed.
    package var onAction: (() -> Void)?
    /// The button; its label follows the page shown.
    package let button: UnsafeMutablePointer<GtkWidget>

    // MARK: Lifecycle

    /// Creates a hidden status page.
    package init() {
        root = adw_status_page_new()
        gtk_widget_add_css_class(root, "feed-status")
        root.expand()
        button = gtk_button_new_with_label("")
        gtk_widget_add_css_class(button, "pill")
        gtk_widget_add_css_class(button, "suggested-action")
        gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
        adw_status_page_set_child(OpaquePointer(root), button)
        gtk_widget_set_visible(root, 0)
        Signal.connect(button.raw, "clicked") { [weak self] in self?.onAction?() }
    }

    // MARK: API

    /// Shows `page` (nil hides the view); the texts are translated here.
    package func show(_ page: StatusPage?) {
        guard page != shown else { return }
        shown = page
        guard let page else {
            gtk_widget_set_visible(root, 0)
            return
        }
        adw_status_page_set_icon_name(OpaquePointer(root), page.iconName)
        adw_status_page_set_title(OpaquePointer(root), Localization.text(page.title))
        adw_status_page_set_description(
            OpaquePointer(root), page.description.isEmpty ? nil : Localization.text(page.description))
        if let label = page.actionLabel {
            gtk_button_set_label(button.as(GtkButton.self), Localization.text(label))
            gtk_widget_set_visible(button, 1)
        } else {
            gtk_widget_set_visible(button, 0)
        }
        gtk_widget_set_visible(root, 1)
    }

    /// The button's bounds in `window`'s coordinates, nil while it is not shown.
    package func buttonFrame(in window: UnsafeMutablePointer<GtkWidget>) -> [Double]? {
        guard shown?.actionLabel != nil, gtk_widget_get_mapped(button) != 0 else { return nil }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(button, window, &bounds) != 0 else { return nil }
        return [
            Double(bounds.origin.x), Double(bounds.origin.y), Double(bounds.size.width), Double(bounds.size.height),
        ]
    }
}
