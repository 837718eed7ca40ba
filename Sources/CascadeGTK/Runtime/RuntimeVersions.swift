import CGtk
import Foundation

/// The versions of the libraries this process runs with (not built against), for `--version`.
public enum RuntimeVersions {
    /// The GTK library's version, e.g. "4.8.3".
    public static var gtk: String {
        "\(gtk_get_major_version()).\(gtk_get_minor_version()).\(gtk_get_micro_version())"
    }

    /// The GStreamer core library's version (e.g. "1.22.0"), nil when it cannot be loaded: the
    /// library GTK's media backend loads is opened and asked `gst_version`, no dev package needed.
    public static var gstreamer: String? {
        guard let library = dlopen("libgstreamer-1.0.so.0", RTLD_LAZY | RTLD_LOCAL) else { return nil }
        defer { dlclose(library) }
        guard let symbol = dlsym(library, "gst_version") else { return nil }
        typealias Version =
            @convention(c) (
                UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>, UnsafeMutablePointer<UInt32>,
                UnsafeMutablePointer<UInt32>
            ) -> Void
        var major: UInt32 = 0
        var minor: UInt32 = 0
        var micro: UInt32 = 0
        var nano: UInt32 = 0
        unsafeBitCast(symbol, to: Version.self)(&major, &minor, &micro, &nano)
        return "\(major).\(minor).\(micro)" + (nano > 0 ? ".\(nano)" : "")
    }
}
