import CGtk
import CascadeScreens

/// Fullscreen through the page's toplevel (`gtk_window_fullscreen`, confirmed by
/// `notify::fullscreened`); the page's own presentation switches at once. With no answer within
/// `confirmationDelay` (no window manager), that presentation confirms it; `isWindowFullscreen`
/// tells what the window really is.
@MainActor
final class PlayerFullscreen {
    /// Milliseconds to wait for the window manager before confirming without it.
    let confirmationDelay = PlaybackTiming.fullscreenConfirmationDelay
    /// Applies the page's fullscreen presentation (true: chrome hidden).
    var onPresentation: ((Bool) -> Void)?
    /// A transition finished (asked for or started by the window manager).
    var onChange: ((Bool) -> Void)?
    /// How the last transition was confirmed: `window` or `timeout` (nil before any).
    private(set) var lastConfirmation: String?

    private let page: UnsafeMutablePointer<GtkWidget>
    private var window: UnsafeMutablePointer<GtkWindow>?
    private var fallback: MainLoopTimer?

    /// Follows the window `page` ends up in.
    init(page: UnsafeMutablePointer<GtkWidget>) {
        self.page = page
    }

    /// Whether the toplevel window is fullscreen now.
    var isWindowFullscreen: Bool {
        guard let window = resolveWindow() else { return false }
        return gtk_window_is_fullscreen(window) != 0
    }

    /// Enters (true) or leaves (false) fullscreen; `onChange` reports the outcome.
    func request(_ fullscreen: Bool) {
        fallback?.cancel()
        fallback = nil
        onPresentation?(fullscreen)
        guard let window = resolveWindow() else {
            confirm(fullscreen, by: "timeout")
            return
        }
        if fullscreen { gtk_window_fullscreen(window) } else { gtk_window_unfullscreen(window) }
        if (gtk_window_is_fullscreen(window) != 0) == fullscreen {
            confirm(fullscreen, by: "window")
            return
        }
        fallback = MainLoopTimer.after(confirmationDelay) { [weak self] in
            self?.fallback = nil
            self?.confirm(fullscreen, by: "timeout")
        }
    }

    /// Leaves fullscreen at once (the page is going away): no waiting for the window.
    func leaveNow() {
        fallback?.cancel()
        fallback = nil
        onPresentation?(false)
        if let window = resolveWindow(), gtk_window_is_fullscreen(window) != 0 { gtk_window_unfullscreen(window) }
        onChange?(false)
    }

    // MARK: Private

    private func confirm(_ fullscreen: Bool, by source: String) {
        lastConfirmation = source
        onChange?(fullscreen)
    }

    private func windowChanged() {
        guard let window, gtk_widget_get_mapped(page) != 0 else { return }
        let fullscreen = gtk_window_is_fullscreen(window) != 0
        fallback?.cancel()
        fallback = nil
        onPresentation?(fullscreen)
        confirm(fullscreen, by: "window")
    }

    private func resolveWindow() -> UnsafeMutablePointer<GtkWindow>? {
        if let window { return window }
        guard let root = gtk_widget_get_root(page) else { return nil }
        let window = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWindow.self)
        self.window = window
        Signal.connectNotify(window.raw, "fullscreened") { [weak self] in self?.windowChanged() }
        return window
    }
}
