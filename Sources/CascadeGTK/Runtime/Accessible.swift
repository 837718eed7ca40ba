import CGtk
import CascadeLayout

/// GTK's accessible API for the host's widgets (roles, labels, values, states, relations), the
/// texts `AccessibleText`'s, translated. Set a role right after creating the widget: it may only
/// change until the widget's AT context is realized.
@MainActor
enum Accessible {
    /// Sets `widget`'s accessible role.
    static func setRole(_ widget: UnsafeMutablePointer<GtkWidget>, _ role: GtkAccessibleRole) {
        cascade_accessible_set_role(widget, role)
    }

    /// Sets the name a screen reader reads for `widget`.
    static func setLabel(_ widget: UnsafeMutablePointer<GtkWidget>, _ label: String) {
        cascade_accessible_set_label(widget.accessible, label)
    }

    /// Sets `widget`'s longer description.
    static func setDescription(_ widget: UnsafeMutablePointer<GtkWidget>, _ text: String) {
        cascade_accessible_set_description(widget.accessible, text)
    }

    /// Sets a range's value, its bounds and the text read for it ("0:03 of 0:07").
    static func setValue(
        _ widget: UnsafeMutablePointer<GtkWidget>, now: Double, min: Double, max: Double, text: String
    ) {
        cascade_accessible_set_value(widget.accessible, now, min, max, text)
    }

    /// Sets whether `widget` (a tab) is the selected one.
    static func setSelected(_ widget: UnsafeMutablePointer<GtkWidget>, _ selected: Bool) {
        cascade_accessible_set_selected(widget.accessible, selected ? 1 : 0)
    }

    /// Sets whether `widget` (a status) is busy.
    static func setBusy(_ widget: UnsafeMutablePointer<GtkWidget>, _ busy: Bool) {
        cascade_accessible_set_busy(widget.accessible, busy ? 1 : 0)
    }

    /// Sets whether assistive technologies skip `widget` and everything in it (a page not shown).
    static func setHidden(_ widget: UnsafeMutablePointer<GtkWidget>, _ hidden: Bool) {
        cascade_accessible_set_hidden(widget.accessible, hidden ? 1 : 0)
    }

    /// Shows `stack`'s page `name` and hides the other pages from assistive technologies: GTK
    /// 4.8 keeps every page of a stack in the AT-SPI tree, shown or not (Docs/PLATFORM_NOTES.md).
    static func showPage(_ name: String, of stack: OpaquePointer) {
        gtk_stack_set_visible_child_name(stack, name)
        let shown = gtk_stack_get_visible_child(stack)
        var child = gtk_widget_get_first_child(stack.widget)
        while let page = child {
            setHidden(page, page != shown)
            child = gtk_widget_get_next_sibling(page)
        }
    }

    /// Sets `widget`'s position (1-based) in a set of `size` (a tab among the tabs).
    static func setPosition(_ widget: UnsafeMutablePointer<GtkWidget>, _ position: Int, of size: Int) {
        cascade_accessible_set_position(widget.accessible, Int32(clamping: position), Int32(clamping: size))
    }

    /// Relates `widget` to `other` (`GTK_ACCESSIBLE_RELATION_CONTROLS`, `_LABELLED_BY`...).
    static func relate(
        _ widget: UnsafeMutablePointer<GtkWidget>, _ relation: GtkAccessibleRelation,
        to other: UnsafeMutablePointer<GtkWidget>
    ) {
        cascade_accessible_set_reference(widget.accessible, relation, other.accessible)
    }

    /// The layout direction GTK draws `widget` in (the default direction the app set from the
    /// user's language, unless the widget has its own).
    static func layoutDirection(of widget: UnsafeMutablePointer<GtkWidget>) -> LayoutDirection {
        gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL ? .rightToLeft : .leftToRight
    }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// This widget as a `GtkAccessible *` (every widget implements the interface).
    var accessible: OpaquePointer { OpaquePointer(self) }
}
