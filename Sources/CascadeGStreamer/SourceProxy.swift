import CGStreamer
import CascadeTransfer
import Foundation

/// Routes the network source a pipeline makes for its URI as the HTTP client routes requests
/// (`ProxyRoute`): `souphttpsrc` reads `http_proxy` alone, so without this a video named in
/// `no_proxy` went through the proxy, and an https one ignored `https_proxy`.
///
/// The route is decided once, for the pipeline's URI; the source keeps it across redirects.
enum SourceProxy {
    /// Sets the `proxy` of every source `element` (`playbin3` or `uridecodebin`) sets up for
    /// `uri`: the route's proxy, or none (the source then asks GLib's default resolver, which
    /// is direct unless the desktop names a proxy).
    static func connect(_ element: UnsafeMutablePointer<GstElement>, uri: String) {
        guard let url = URL(string: uri), url.scheme == "http" || url.scheme == "https" else { return }
        let proxy: String
        switch ProxyRoute.route(for: url) {
        case .direct: proxy = ""
        case .through(let address): proxy = address
        }
        let setup: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, source, data in
            guard let source, let data else { return }
            let object = source.assumingMemoryBound(to: GObject.self)
            guard GObjectProperty.spec(of: object, named: "proxy") != nil else { return }
            gst_util_set_object_arg(object, "proxy", data.assumingMemoryBound(to: CChar.self))
        }
        let release: GClosureNotify = { data, _ in free(data) }
        g_signal_connect_data(
            UnsafeMutableRawPointer(element), "source-setup", unsafeBitCast(setup, to: GCallback.self), strdup(proxy),
            release, GConnectFlags(rawValue: 0))
    }
}
