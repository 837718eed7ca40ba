import CGtk
import CascadePlayer
import CascadeScreens
import Foundation

/// The player on the session bus as an MPRIS 2 player (`org.mpris.MediaPlayer2.cascade`,
/// object `/org/mpris/MediaPlayer2`), with GDBus on the application's own connection.
///
/// It only translates: `publish(_:)` sends what `MPRISState.changes(from:)` lists as
/// `PropertiesChanged` (and `Seeked` after a seek); calls and property writes become
/// `MPRISMethod`s handed to `onMethod`, and reads come from the last published state.
@MainActor
final class MPRISServer {
    /// The bus name (contains `cascade`, as desktops list players by it).
    static let busName = "org.mpris.MediaPlayer2.cascade"
    /// The MPRIS object path.
    static let objectPath = "/org/mpris/MediaPlayer2"

    /// Receives each call a client makes (on the main thread).
    var onMethod: ((MPRISMethod) -> Void)?
    /// The position now, in seconds (read by `Get Position`, which is never signalled).
    var position: () -> Double = { 0 }

    private let connection: OpaquePointer
    private var state: MPRISState
    private var registrations: [guint] = []
    private var ownerID: guint = 0

    // MARK: Lifecycle

    /// Registers the object on `connection` and asks for the bus name; nil when registration fails.
    init?(connection: OpaquePointer, initial: MPRISState) {
        self.connection = connection
        state = initial
        var error: UnsafeMutablePointer<GError>?
        guard let info = g_dbus_node_info_new_for_xml(Self.introspection, &error) else {
            Self.report(error, doing: "parse the MPRIS interfaces")
            return nil
        }
        defer { g_dbus_node_info_unref(info) }
        var vtable = GDBusInterfaceVTable()
        vtable.method_call = { _, _, _, interface, method, parameters, invocation, data in
            MainActor.assumeIsolated {
                MPRISServer.from(data).call(
                    interface: String(cString: interface!), method: String(cString: method!), parameters: parameters,
                    invocation: invocation)
            }
        }
        vtable.get_property = { _, _, _, interface, property, _, data in
            // A pointer is not Sendable: it leaves the main actor as its bits.
            let bits = MainActor.assumeIsolated {
                Int(
                    bitPattern: MPRISServer.from(data).value(
                        interface: String(cString: interface!), property: String(cString: property!)))
            }
            return OpaquePointer(bitPattern: bits)
        }
        vtable.set_property = { _, _, _, _, property, value, _, data in
            MainActor.assumeIsolated {
                MPRISServer.from(data).set(property: String(cString: property!), value: value)
            }
        }
        let data = Unmanaged.passUnretained(self).toOpaque()
        var index = 0
        while let interface = info.pointee.interfaces[index] {
            let id = g_dbus_connection_register_object(
                connection, Self.objectPath, interface, &vtable, data, nil, &error)
            guard id != 0 else {
                Self.report(error, doing: "register the MPRIS object")
                unregister()
                return nil
            }
            registrations.append(id)
            index += 1
        }
        ownerID = g_bus_own_name_on_connection(
            connection, Self.busName, G_BUS_NAME_OWNER_FLAGS_NONE, nil, nil, nil, nil)
    }

    isolated deinit { unregister() }

    // MARK: Internal

    /// Makes `next` the state clients see, signalling what changed.
    func publish(_ next: MPRISState) {
        let old = state
        state = next
        let changed = next.changes(from: old)
        if !changed.isEmpty {
            let builder = g_variant_builder_new(Self.type("a{sv}"))
            for property in changed {
                g_variant_builder_add_value(
                    builder,
                    g_variant_new_dict_entry(
                        g_variant_new_string(property.rawValue), g_variant_new_variant(variant(property))))
            }
            let dictionary = g_variant_builder_end(builder)
            g_variant_builder_unref(builder)
            let invalidated = g_variant_new_strv(nil, 0)
            emit(
                interface: "org.freedesktop.DBus.Properties", signal: "PropertiesChanged",
                [g_variant_new_string("org.mpris.MediaPlayer2.Player"), dictionary, invalidated])
        }
        if let position = next.seeked(from: old) {
            emit(
                interface: "org.mpris.MediaPlayer2.Player", signal: "Seeked",
                [g_variant_new_int64(gint64(truncatingIfNeeded: position))])
        }
    }

    // MARK: Private

    private static func from(_ data: gpointer?) -> MPRISServer {
        Unmanaged<MPRISServer>.fromOpaque(data!).takeUnretainedValue()
    }

    private func unregister() {
        if ownerID != 0 { g_bus_unown_name(ownerID) }
        ownerID = 0
        for id in registrations { g_dbus_connection_unregister_object(connection, id) }
        registrations = []
    }

    private func call(
        interface: String, method: String, parameters: OpaquePointer?, invocation: OpaquePointer?
    ) {
        let request: MPRISMethod?
        switch method {
        case "Seek":
            request = Self.int64(parameters, 0).map { .seek(offset: $0) }
        case "SetPosition":
            if let path = Self.child(parameters, 0), let position = Self.int64(parameters, 1) {
                defer { g_variant_unref(path) }
                request = .setPosition(trackID: String(cString: g_variant_get_string(path, nil)), position: position)
            } else {
                request = nil
            }
        case "OpenUri":
            g_dbus_method_invocation_return_dbus_error(
                invocation, "org.freedesktop.DBus.Error.NotSupported", "Cascade opens no URIs over MPRIS")
            return
        default:
            request = MPRISMethod(member: method)
        }
        // Reply before acting: Quit closes the window, and a reply after it might never leave.
        g_dbus_method_invocation_return_value(invocation, nil)
        if let request { onMethod?(request) }
    }

    private func set(property: String, value: OpaquePointer?) -> gboolean {
        guard let value else { return 0 }
        switch property {
        case "Volume": onMethod?(.setVolume(g_variant_get_double(value)))
        case "Rate": onMethod?(.setRate(g_variant_get_double(value)))
        default: return 0
        }
        return 1
    }

    private func value(interface: String, property: String) -> OpaquePointer? {
        if interface == "org.mpris.MediaPlayer2" {
            switch property {
            case "CanQuit", "CanRaise": return g_variant_new_boolean(1)
            case "HasTrackList", "Fullscreen", "CanSetFullscreen": return g_variant_new_boolean(0)
            case "Identity": return g_variant_new_string("Cascade")
            case "DesktopEntry": return g_variant_new_string("org.cascade.Feed")
            case "SupportedUriSchemes", "SupportedMimeTypes": return g_variant_new_strv(nil, 0)
            default: return nil
            }
        }
        if property == "Position" {
            let seconds = state.track == nil ? 0 : position()
            return g_variant_new_int64(gint64(truncatingIfNeeded: MPRISTime.microseconds(fromSeconds: seconds)))
        }
        switch property {
        case "MinimumRate": return g_variant_new_double(state.minimumRate)
        case "MaximumRate": return g_variant_new_double(state.maximumRate)
        case "CanControl": return g_variant_new_boolean(state.canControl ? 1 : 0)
        default: break
        }
        return MPRISProperty(rawValue: property).map(variant)
    }

    /// The value of a signalled property (a floating reference).
    private func variant(_ property: MPRISProperty) -> OpaquePointer {
        switch property {
        case .playbackStatus: return g_variant_new_string(state.playbackStatus.rawValue)
        case .metadata: return metadata()
        case .volume: return g_variant_new_double(state.volume)
        case .rate: return g_variant_new_double(state.rate)
        case .canPlay: return g_variant_new_boolean(state.canPlay ? 1 : 0)
        case .canPause: return g_variant_new_boolean(state.canPause ? 1 : 0)
        case .canSeek: return g_variant_new_boolean(state.canSeek ? 1 : 0)
        case .canGoNext: return g_variant_new_boolean(state.canGoNext ? 1 : 0)
        case .canGoPrevious: return g_variant_new_boolean(state.canGoPrevious ? 1 : 0)
        }
    }

    private func metadata() -> OpaquePointer {
        let builder = g_variant_builder_new(Self.type("a{sv}"))
        func add(_ key: String, _ value: OpaquePointer?) {
            g_variant_builder_add_value(
                builder, g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(value)))
        }
        add("mpris:trackid", g_variant_new_object_path(state.trackID))
        if let track = state.track {
            add("xesam:title", g_variant_new_string(track.title))
            if let art = track.artURL { add("mpris:artUrl", g_variant_new_string(art.absoluteString)) }
        }
        if let length = state.length { add("mpris:length", g_variant_new_int64(gint64(truncatingIfNeeded: length))) }
        let value = g_variant_builder_end(builder)!
        g_variant_builder_unref(builder)
        return value
    }

    private func emit(interface: String, signal: String, _ arguments: [OpaquePointer?]) {
        var children = arguments
        let tuple = children.withUnsafeMutableBufferPointer {
            g_variant_new_tuple($0.baseAddress, gsize(truncatingIfNeeded: $0.count))
        }
        var error: UnsafeMutablePointer<GError>?
        if g_dbus_connection_emit_signal(connection, nil, Self.objectPath, interface, signal, tuple, &error) == 0 {
            Self.report(error, doing: "send \(signal)")
        }
    }

    private static func child(_ tuple: OpaquePointer?, _ index: Int) -> OpaquePointer? {
        guard let tuple, g_variant_n_children(tuple) > index else { return nil }
        return g_variant_get_child_value(tuple, gsize(truncatingIfNeeded: index))
    }

    private static func int64(_ tuple: OpaquePointer?, _ index: Int) -> Int64? {
        guard let value = child(tuple, index) else { return nil }
        defer { g_variant_unref(value) }
        return Int64(truncatingIfNeeded: g_variant_get_int64(value))
    }

    /// A `GVariantType` for `text`; GLib interns none, so each is kept for the process.
    private static func type(_ text: String) -> OpaquePointer? {
        if let known = types[text] { return known }
        let made = g_variant_type_new(text)
        types[text] = made
        return made
    }

    private static var types: [String: OpaquePointer?] = [:]

    private static func report(_ error: UnsafeMutablePointer<GError>?, doing what: String) {
        let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
        if let error { g_error_free(error) }
        Console.warn("could not \(what) (\(message))")
    }

    private static let introspection = """
        <node>
          <interface name="org.mpris.MediaPlayer2">
            <method name="Raise"/>
            <method name="Quit"/>
            <property name="CanQuit" type="b" access="read"/>
            <property name="CanRaise" type="b" access="read"/>
            <property name="Fullscreen" type="b" access="read"/>
            <property name="CanSetFullscreen" type="b" access="read"/>
            <property name="HasTrackList" type="b" access="read"/>
            <property name="Identity" type="s" access="read"/>
            <property name="DesktopEntry" type="s" access="read"/>
            <property name="SupportedUriSchemes" type="as" access="read"/>
            <property name="SupportedMimeTypes" type="as" access="read"/>
          </interface>
          <interface name="org.mpris.MediaPlayer2.Player">
            <method name="Next"/>
            <method name="Previous"/>
            <method name="Pause"/>
            <method name="PlayPause"/>
            <method name="Stop"/>
            <method name="Play"/>
            <method name="Seek"><arg name="Offset" type="x" direction="in"/></method>
            <method name="SetPosition">
              <arg name="TrackId" type="o" direction="in"/>
              <arg name="Position" type="x" direction="in"/>
            </method>
            <method name="OpenUri"><arg name="Uri" type="s" direction="in"/></method>
            <signal name="Seeked"><arg name="Position" type="x"/></signal>
            <property name="PlaybackStatus" type="s" access="read"/>
            <property name="Rate" type="d" access="readwrite"/>
            <property name="Metadata" type="a{sv}" access="read"/>
            <property name="Volume" type="d" access="readwrite"/>
            <property name="Position" type="x" access="read"/>
            <property name="MinimumRate" type="d" access="read"/>
            <property name="MaximumRate" type="d" access="read"/>
            <property name="CanGoNext" type="b" access="read"/>
            <property name="CanGoPrevious" type="b" access="read"/>
            <property name="CanPlay" type="b" access="read"/>
            <property name="CanPause" type="b" access="read"/>
            <property name="CanSeek" type="b" access="read"/>
            <property name="CanControl" type="b" access="read"/>
          </interface>
        </node>
        """
}
