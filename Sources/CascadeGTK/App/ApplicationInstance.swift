import CGtk
import CascadeScreens
import Foundation

/// The process's GtkApplication, unique on the session bus or not.
///
/// A unique instance owns `AppIdentity.id` on the session bus. A second launch registers,
/// finds the name taken (it is *remote*), hands its files and folders to the running instance
/// (GApplication's `open`, or `activate` to present the window), flushes the bus and exits.
/// Script and headless runs are not unique, so tests never join each other.
@MainActor
public final class ApplicationInstance {
    /// The GtkApplication.
    public let application: UnsafeMutablePointer<GtkApplication>
    /// Whether it owns the application ID on the session bus.
    public let isUnique: Bool
    /// Called with the files and folders another launch (or the desktop) asked to open.
    public var onOpen: (([URL]) -> Void)?

    // MARK: Lifecycle

    /// Creates the application; nothing talks to the bus until `register()` or `run`.
    public init(unique: Bool) {
        isUnique = unique
        let flags =
            unique
            ? G_APPLICATION_HANDLES_OPEN
            : GApplicationFlags(G_APPLICATION_HANDLES_OPEN.rawValue | G_APPLICATION_NON_UNIQUE.rawValue)
        application = gtk_application_new(AppIdentity.id, flags)
        connectOpen()
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(application)) }

    // MARK: Public API

    /// The GApplication.
    public var gApplication: UnsafeMutablePointer<GApplication> {
        UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self)
    }

    /// Registers on the session bus now; returns true when another process is the running
    /// instance (then call `forward(paths:)` and exit). A bus error leaves this process primary.
    public func registerIsRemote() -> Bool {
        var error: UnsafeMutablePointer<GError>?
        if g_application_register(gApplication, nil, &error) == 0 {
            let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
            g_error_free(error)
            FileHandle.standardError.write(Data("cascade: warning: no single instance (\(message))\n".utf8))
            return false
        }
        return g_application_get_is_remote(gApplication) != 0
    }

    /// From a remote instance: asks the running one to open `paths` (resolved against this
    /// process's working directory), or to present its window when there are none, and waits
    /// until the message has left for the bus.
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

    private func connectOpen() {
        Signal.connectOpen(UnsafeMutableRawPointer(application)) { [weak self] urls in self?.onOpen?(urls) }
    }
}
