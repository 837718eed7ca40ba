import CGtk
import Foundation

/// Reads the accessible role, properties, states and relations GTK keeps for a widget, through
/// GTK's test API (`gtk_test_accessible_*`). The test process runs GTK's `test` accessibility
/// backend (`PlayerEngineFixture.setUpGTK`), which stores them without any AT-SPI bus.
@MainActor
enum AccessibleChecks {
    /// The widget's role.
    static func role(_ widget: UnsafeMutablePointer<GtkWidget>) -> GtkAccessibleRole {
        gtk_accessible_get_accessible_role(OpaquePointer(widget))
    }

    /// Whether the widget has `role` (as `gtk_test_accessible_has_role` says).
    static func has(_ widget: UnsafeMutablePointer<GtkWidget>, role: GtkAccessibleRole) -> Bool {
        gtk_test_accessible_has_role(OpaquePointer(widget), role) != 0
    }

    /// nil when the string property is `expected`, else the value found.
    static func mismatch(
        _ widget: UnsafeMutablePointer<GtkWidget>, _ property: GtkAccessibleProperty, _ expected: String
    ) -> String? {
        guard gtk_test_accessible_has_property(OpaquePointer(widget), property) != 0 else { return "(not set)" }
        return taking(cascade_test_accessible_check_string(OpaquePointer(widget), property, expected))
    }

    /// nil when the number property is `expected`, else the value found.
    static func mismatch(
        _ widget: UnsafeMutablePointer<GtkWidget>, _ property: GtkAccessibleProperty, _ expected: Double
    ) -> String? {
        guard gtk_test_accessible_has_property(OpaquePointer(widget), property) != 0 else { return "(not set)" }
        return taking(cascade_test_accessible_check_number(OpaquePointer(widget), property, expected))
    }

    /// nil when the boolean state is `expected`, else the value found.
    static func mismatch(
        _ widget: UnsafeMutablePointer<GtkWidget>, _ state: GtkAccessibleState, _ expected: Bool
    ) -> String? {
        guard gtk_test_accessible_has_state(OpaquePointer(widget), state) != 0 else { return "(not set)" }
        return taking(cascade_test_accessible_check_state(OpaquePointer(widget), state, expected ? 1 : 0))
    }

    /// nil when the integer relation is `expected`, else the value found.
    static func mismatch(
        _ widget: UnsafeMutablePointer<GtkWidget>, _ relation: GtkAccessibleRelation, _ expected: Int
    ) -> String? {
        guard gtk_test_accessible_has_relation(OpaquePointer(widget), relation) != 0 else { return "(not set)" }
        return taking(
            cascade_test_accessible_check_int_relation(OpaquePointer(widget), relation, Int32(clamping: expected)))
    }

    /// nil when the reference relation names exactly `other`, else what it names.
    static func mismatch(
        _ widget: UnsafeMutablePointer<GtkWidget>, _ relation: GtkAccessibleRelation,
        _ other: UnsafeMutablePointer<GtkWidget>
    ) -> String? {
        guard gtk_test_accessible_has_relation(OpaquePointer(widget), relation) != 0 else { return "(not set)" }
        return taking(cascade_test_accessible_check_reference(OpaquePointer(widget), relation, OpaquePointer(other)))
    }

    /// Runs the GLib main loop until `condition` holds, at most `timeout` seconds.
    @discardableResult
    static func pump(timeout: Double = 10, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { return false }
            if g_main_context_iteration(nil, 0) == 0 { usleep(2_000) }
        }
        return true
    }

    /// `pump` for conditions that also need main-actor tasks to run (a feed's page loads):
    /// it yields to them between main-loop iterations.
    static func pumpAsync(timeout: Double = 10, until condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { return false }
            if g_main_context_iteration(nil, 0) == 0 { usleep(2_000) }
            await Task.yield()
        }
        return true
    }

    private static func taking(_ value: UnsafeMutablePointer<CChar>?) -> String? {
        guard let value else { return nil }
        defer { g_free(value) }
        return String(cString: value)
    }
}
