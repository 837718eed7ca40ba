import CGtk
import CascadeFeed

/// The page a tapped video opens: its title, the cover, and a back button.
@MainActor
public final class PlayerPage {
    /// The page's root widget.
    public let root: UnsafeMutablePointer<GtkWidget>
    private let titleLabel: OpaquePointer
    /// The item shown.
    public private(set) var item: VideoItem?
    /// Called when the user asks to go back.
    public var onBack: (() -> Void)?

    /// Creates the page.
    public init() {
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)
        gtk_widget_add_css_class(root, "player-page")
        let bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
        gtk_widget_set_margin_start(bar, 12)
        gtk_widget_set_margin_top(bar, 12)
        let back = gtk_button_new_from_icon_name("go-previous-symbolic")!
        gtk_widget_set_tooltip_text(back, "Back (Esc)")
        titleLabel = OpaquePointer(gtk_label_new(nil))
        gtk_widget_add_css_class(titleLabel.widget, "player-title")
        gtk_label_set_ellipsize(titleLabel, PANGO_ELLIPSIZE_END)
        gtk_box_append(bar.as(GtkBox.self), back)
        gtk_box_append(bar.as(GtkBox.self), titleLabel.widget)
        gtk_box_append(root.as(GtkBox.self), bar)
        Signal.connect(back.raw, "clicked") { [weak self] in self?.onBack?() }
    }

    /// Shows `item`.
    public func show(_ item: VideoItem) {
        self.item = item
        gtk_label_set_text(titleLabel, item.title)
    }
}
