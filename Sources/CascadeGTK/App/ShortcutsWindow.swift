import CGtk
import CascadeScreens

/// The keyboard shortcuts window (`GtkShortcutsWindow`, Ctrl+?), built from `AppAction.table`:
/// one group per `AppAction.Group`, one row per action with accelerators (their keypad and shifted aliases left out).
@MainActor
package enum ShortcutsWindow {
    /// The GtkBuilder description of the window (GTK builds shortcuts windows only this way).
    package static var builderXML: String {
        var groups = ""
        for group in AppAction.Group.allCases {
            let rows = AppAction.table.filter { $0.group == group && !$0.accelerators.isEmpty }
            guard !rows.isEmpty else { continue }
            groups += "<child><object class=\"GtkShortcutsGroup\"><property name=\"title\">"
            groups += escape(Localization.text(group.rawValue)) + "</property>"
            for row in rows {
                groups += "<child><object class=\"GtkShortcutsShortcut\">"
                groups += "<property name=\"title\">\(escape(Localization.text(row.label)))</property>"
                groups += "<property name=\"accelerator\">\(escape(row.accelerators.joined(separator: " ")))</property>"
                groups += "</object></child>"
            }
            groups += "</object></child>"
        }
        return """
            <interface><object class="GtkShortcutsWindow" id="shortcuts"><property name="modal">1</property>\
            <child><object class="GtkShortcutsSection"><property name="section-name">shortcuts</property>\
            <property name="max-height">16</property>\(groups)</object></child></object></interface>
            """
    }

    /// Shows a new shortcuts window over `parent`.
    static func present(over parent: UnsafeMutablePointer<GtkWidget>) {
        let builder = gtk_builder_new_from_string(builderXML, -1)!
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        guard let object = gtk_builder_get_object(builder, "shortcuts") else { return }
        let window = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWindow.self)
        gtk_window_set_title(window, Localization.text("Keyboard Shortcuts"))
        gtk_window_set_transient_for(window, parent.as(GtkWindow.self))
        gtk_window_present(window)
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
