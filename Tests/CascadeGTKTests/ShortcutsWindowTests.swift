import CGtk
import CascadeScreens
import Foundation
import Testing

@testable import CascadeGTK

/// The shortcuts window is built from the one action table: GtkBuilder builds it, and every
/// action with a key is a row showing that action's accelerators.
@MainActor @Suite(.serialized, .needsDisplay) struct ShortcutsWindowTests {
    @Test func everyActionWithAKeyIsARowOfTheBuiltWindow() throws {
        try #require(PlayerEngineFixture.setUpGTK(), "gtk_init_check failed")
        var error: UnsafeMutablePointer<GError>?
        let builder = try #require(gtk_builder_new())
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        let xml = ShortcutsWindow.builderXML
        let built = gtk_builder_add_from_string(builder, xml, -1, &error) != 0
        #expect(built, "\(error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "")")
        let window = try #require(gtk_builder_get_object(builder, "shortcuts"))
        defer { gtk_window_destroy(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)) }

        // The rows, as GtkBuilder made them: (title, accelerator) of every GtkShortcutsShortcut.
        var rows: [(String, String)] = []
        let list = gtk_builder_get_objects(builder)
        defer { g_slist_free(list) }
        var objects = list
        while let node = objects {
            let object = node.pointee.data!
            let type = String(cString: g_type_name_from_instance(object.assumingMemoryBound(to: GTypeInstance.self)))
            if type == "GtkShortcutsShortcut" {
                rows.append((Self.string(object, "title"), Self.string(object, "accelerator")))
            }
            objects = node.pointee.next
        }
        let expected = AppAction.table.filter { !$0.accelerators.isEmpty }
        #expect(rows.count == expected.count, "\(rows)")
        for action in expected {
            #expect(
                rows.contains { $0 == (action.label, action.accelerators.joined(separator: " ")) },
                "\(action.detailedName) is not listed: \(rows)")
        }
    }

    /// A string property (`g_object_get` is variadic: through a GValue).
    static func string(_ object: gpointer, _ name: String) -> String {
        var value = GValue()
        g_value_init(&value, GType(16 << 2))  // G_TYPE_STRING
        defer { g_value_unset(&value) }
        g_object_get_property(object.assumingMemoryBound(to: GObject.self), name, &value)
        return g_value_get_string(&value).map { String(cString: $0) } ?? ""
    }
}
