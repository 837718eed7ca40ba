import CGtk
import CascadeScreens
import Foundation

/// The process's application, an AdwApplication (a GtkApplication that initialises libadwaita
/// at startup and gives the process its style manager). A unique instance owns `AppIdentity.id` on the session bus; a
/// second launch finds the name taken, hands its paths (or `activate`) to it and exits. Script
/// and headless runs are not unique, so tests never join each other.
@MainActor
public final class ApplicationInstance {
    /// The application as a GtkApplication.
    package let application: UnsafeMutablePointer<GtkApplication>
    /// Whether it owns the application ID on the session bus.
    public let isUnique: Bool
    /// Called with the files and folders another launch (or the desktop) asked to open.
    package var onOpen: (([URL]) -> Void)?

    // MARK: Lifecycle

    /// Creates the application; nothing talks to the bus until `register()` or `run`.
    public init(unique: Bool) {
        isUnique = unique
        let flags =
            unique
            ? G_APPLICATION_HANDLES_OPEN
            : GApplicationFlags(G_APPLICATION_HANDLES_OPEN.rawValue | G_APPLICATION_NON_UNIQUE.rawValue)
        application = UnsafeMutableRawPointer(adw_application_new(AppIdentity.id, flags)!)
            .assumingMemoryBound(to: GtkApplication.self)
        connectOpen()
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(application)) }

    // MARK: Public API

    /// The GApplication.
    package var gApplication: UnsafeMutablePointer<GApplication> {
        UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self)
    }

    /// Registers on the session bus now; returns true when another process is the running
    /// instance (then call `forward(paths:)` and exit). A bus error leaves this process primary.
    public func registerIsRemote() -> Bool {
        var error: UnsafeMutablePointer<GError>?
        if g_application_register(gApplication, nil, &error) == 0 {
            let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
            g_error_free(error)
            Console.warn("no single instance (\(message))")
            return false
        }
        return g_application_get_is_remote(gApplication) != 0
    }

    /// Hands `paths` (or "present yourself") to a running instance straight over the bus, without
    /// registering: GApplication's remote registration waits while that instance is busy.
    /// Returns false when no instance runs (or there is no bus): then register.
    public func forwardToRunningInstance(paths: [String]) -> Bool {
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        let owner = call(
            bus, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            method: "NameHasOwner", arguments: [g_variant_new_string(AppIdentity.id)], wait: true)
        guard let owner else { return false }
        defer { g_variant_unref(owner) }
        guard let child = g_variant_get_child_value(owner, 0) else { return false }
        defer { g_variant_unref(child) }
        guard g_variant_get_boolean(child) != 0 else { return false }

        let objectPath = "/" + AppIdentity.id.replacingOccurrences(of: ".", with: "/")
        let platform = emptyPlatformData()
        if paths.isEmpty {
            _ = call(
                bus, destination: AppIdentity.id, path: objectPath, interface: "org.freedesktop.Application",
                method: "Activate", arguments: [platform], wait: false)
        } else {
            let uris = paths.map { path -> String in
                let file = g_file_new_for_commandline_arg(path)
                defer { g_object_unref(UnsafeMutableRawPointer(file)) }
                guard let uri = g_file_get_uri(file) else { return path }
                defer { g_free(uri) }
                return String(cString: uri)
            }
            var strings = uris.map { strdup($0) }
            defer { for s in strings { free(s) } }
            let array = strings.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                    g_variant_new_strv($0, gssize(buffer.count))
                }
            }
            _ = call(
                bus, destination: AppIdentity.id, path: objectPath, interface: "org.freedesktop.Application",
                method: "Open", arguments: [array, platform], wait: false)
        }
        g_dbus_connection_flush_sync(bus, nil, nil)
        return true
    }

    /// From a remote instance: asks the running one to open `paths` (resolved here), or to present
    /// its window when there are none, and waits until the message has left for the bus.
    public func forward(paths: [String]) {
        if paths.isEmpty {
            g_application_activate(gApplication)
        } else {
            var files = paths.map { g_file_new_for_commandline_arg($0) }
            files.withUnsafeMutableBufferPointer { buffer in
                g_application_open(gApplication, buffer.baseAddress, Int32(buffer.count), "")
            }
            for file in files { g_object_unref(UnsafeMutableRawPointer(file)) }
        }
        if let connection = g_application_get_dbus_connection(gApplication) {
            g_dbus_connection_flush_sync(connection, nil, nil)
        }
    }

    // MARK: Private

    /// An empty `a{sv}` (the platform data of Activate and Open).
    private func emptyPlatformData() -> OpaquePointer {
        let type = g_variant_type_new("{sv}")
        defer { g_variant_type_free(type) }
        return g_variant_new_array(type, nil, 0)
    }

    /// Calls `method` with `arguments` (floating references, consumed); with `wait`, returns
    /// the reply (unref it) or nil on error, bounded at 2 s; without, sends and returns nil.
    private func call(
        _ bus: OpaquePointer, destination: String, path: String, interface: String, method: String,
        arguments: [OpaquePointer?], wait: Bool
    ) -> OpaquePointer? {
        var children = arguments
        let tuple = children.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        let flags = G_DBUS_CALL_FLAGS_NO_AUTO_START
        if wait {
            return g_dbus_connection_call_sync(
                bus, destination, path, interface, method, tuple, nil, flags, 2000, nil, nil)
        }
        g_dbus_connection_call(bus, destination, path, interface, method, tuple, nil, flags, -1, nil, nil, nil)
        return nil
    }

    private func connectOpen() {
        Signal.connectOpen(UnsafeMutableRawPointer(application)) { [weak self] urls in self?.onOpen?(urls) }
    }
}
