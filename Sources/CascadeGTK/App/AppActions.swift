import CGtk
import CascadeScreens

/// Registers `AppAction.table` with GTK: the application's actions on the application (so
/// `org.gtk.Actions` on `/org/cascade/Feed` lists them), the window's on each `AppWindow`
/// (exported by GTK under `/org/cascade/Feed/window/N`), and every accelerator through
/// `gtk_application_set_accels_for_action`. The style action is `StyleChoice`'s.
@MainActor
package enum AppActions {
    /// Adds the application actions, each running its entry of `handlers` (keyed by name), and
    /// sets the accelerators of every action in the table.
    package static func installApplicationActions(
        on application: UnsafeMutablePointer<GtkApplication>, handlers: [String: @MainActor () -> Void]
    ) {
        for entry in AppAction.table where entry.scope == .app {
            guard let handler = handlers[entry.name] else { continue }
            let action = g_simple_action_new(entry.name, nil)!
            Signal.connectAction(UnsafeMutableRawPointer(action), "activate") { _ in handler() }
            g_action_map_add_action(OpaquePointer(application), action)
            g_object_unref(UnsafeMutableRawPointer(action))
        }
        for entry in AppAction.table where !entry.registered.isEmpty {
            var strings: [UnsafeMutablePointer<CChar>?] = entry.registered.map { strdup($0) } + [nil]
            defer { for s in strings { free(s) } }
            strings.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                    gtk_application_set_accels_for_action(application, entry.detailedName, $0)
                }
            }
        }
    }
}

/// The window's actions (`win.*`): each performs its `AppKeyCommand` through the window's
/// model, and is enabled only while the model can perform it, so a disabled action's
/// accelerator lets the key go on to the focused widget.
@MainActor
package final class WindowActions {
    private var actions: [(action: OpaquePointer, command: AppKeyCommand)] = []

    /// Adds the table's window actions to `window`'s action map; `perform` runs a command.
    init(
        window: UnsafeMutablePointer<GtkWidget>, perform: @escaping @MainActor (AppKeyCommand) -> Void
    ) {
        for entry in AppAction.table where entry.scope == .win {
            guard let command = entry.command, let action = g_simple_action_new(entry.name, nil) else { continue }
            Signal.connectAction(UnsafeMutableRawPointer(action), "activate") { _ in perform(command) }
            g_action_map_add_action(OpaquePointer(window), action)
            actions.append((action, command))
        }
    }

    isolated deinit { for (action, _) in actions { g_object_unref(UnsafeMutableRawPointer(action)) } }

    /// Enables each action where `canPerform` says its command applies.
    func refresh(_ canPerform: (AppKeyCommand) -> Bool) {
        for (action, command) in actions { g_simple_action_set_enabled(action, canPerform(command) ? 1 : 0) }
    }
}
