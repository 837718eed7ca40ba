/// Who the app is to the desktop: the names the installed files and the session bus use.
///
/// The application ID names the `.desktop` entry, the icon and the AppStream metainfo
/// (`data/<id>.*`), and is the D-Bus name the running instance owns, so a second launch finds it.
public enum AppIdentity {
    /// The reverse-DNS application ID.
    public static let id = "org.cascade.Feed"
    /// The program name people type.
    public static let executable = "cascade"
    /// The release version (also the newest `<release>` of the AppStream metainfo).
    public static let version = "0.1.0"
}
