import CGtk
import CascadeScreens
import Foundation

/// The About window (`AdwAboutWindow`, titled "About Cascade"), filled from the AppStream
/// metainfo (`AppMetainfo`): version, summary, release notes, and the licence, home page and
/// developer when the metainfo names them.
@MainActor
enum AboutWindow {
    /// Shows a new About window over `parent`.
    static func present(over parent: UnsafeMutablePointer<GtkWidget>) {
        let source = AppMetainfo.locate(
            executable: Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0]))
        let info = AppMetainfo.load(source)
        useUninstalledIcon(beside: source)
        let widget = adw_about_window_new()!
        let about = OpaquePointer(widget)
        gtk_window_set_title(widget.as(GtkWindow.self), Localization.text("About Cascade"))
        adw_about_window_set_application_name(about, "Cascade")
        adw_about_window_set_application_icon(about, AppIdentity.id)
        adw_about_window_set_version(about, info.version)
        if let summary = info.summary { adw_about_window_set_comments(about, Localization.text(summary)) }
        if let notes = info.releaseNotes {
            adw_about_window_set_release_notes_version(about, info.version)
            adw_about_window_set_release_notes(about, notes)
        }
        if let license = info.license { adw_about_window_set_license(about, license) }
        if let homepage = info.homepage { adw_about_window_set_website(about, homepage) }
        if let developer = info.developer { adw_about_window_set_developer_name(about, developer) }
        gtk_window_set_transient_for(widget.as(GtkWindow.self), parent.as(GtkWindow.self))
        gtk_window_set_modal(widget.as(GtkWindow.self), 1)
        gtk_window_present(widget.as(GtkWindow.self))
    }

    /// A build run from the repository has no installed icon: the icon theme then also looks in
    /// `data/`, where `org.cascade.Feed.svg` sits beside the metainfo (GTK finds unthemed icons
    /// directly in a search path).
    private static func useUninstalledIcon(beside metainfo: URL?) {
        guard let display = gdk_display_get_default(), let theme = gtk_icon_theme_get_for_display(display),
            gtk_icon_theme_has_icon(theme, AppIdentity.id) == 0, let directory = metainfo?.deletingLastPathComponent(),
            FileManager.default.fileExists(atPath: directory.appendingPathComponent("\(AppIdentity.id).svg").path)
        else { return }
        gtk_icon_theme_add_search_path(theme, directory.path)
    }
}
