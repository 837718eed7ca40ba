import CGtk

/// The AT-SPI action of an activatable widget that is not a GtkButton (a cell, a tab, the banner,
/// the load-more footer), so assistive tools that act (Orca's mouse review, switch access, voice
/// control) can press it.
///
/// GTK 4.8's AT-SPI bridge gives the Action interface's own `click` to GtkButton (and a few other
/// classes) only; any other widget exposes the actions of its action muxer, named
/// `prefix.name`. So each widget gets a one-action group, `<prefix>.click`, whose activation runs
/// the same body as the widget's click gesture and its Enter key (Docs/PLATFORM_NOTES.md).
@MainActor
enum AccessibleAction {
    /// The action's name within its group: AT-SPI clients see `<prefix>.click`.
    static let name = "click"

    /// Exposes `<prefix>.click` on `widget`; activating it (from an assistive tool, or
    /// `gtk_widget_activate_action`) calls `body`.
    static func attach(
        to widget: UnsafeMutablePointer<GtkWidget>, prefix: String, _ body: @escaping @MainActor () -> Void
    ) {
        let group = g_simple_action_group_new()!
        let action = g_simple_action_new(name, nil)!
        Signal.connectAction(UnsafeMutableRawPointer(action), "activate") { _ in body() }
        g_action_map_add_action(OpaquePointer(group), action)
        g_object_unref(UnsafeMutableRawPointer(action))
        // The widget's muxer keeps the group alive.
        gtk_widget_insert_action_group(widget, prefix, OpaquePointer(group))
        g_object_unref(UnsafeMutableRawPointer(group))
    }
}
