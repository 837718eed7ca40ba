import CGtk
import CascadePlayer
import CascadeScreens
import Foundation

/// The desktop's doors into the player page: the MPRIS 2 player (media keys, the shell's media
/// controls) and the idle inhibitor (the screen stays on while a video plays).
///
/// Both need the application's session-bus connection, which script and headless runs (not
/// unique) and a machine without a session bus do not have: then MPRIS is off, said once on
/// stderr for a unique instance, and start-up goes on.
@MainActor
final class PlayerDesktop {
    private weak var page: PlayerPage?
    private let window: UnsafeMutablePointer<GtkWidget>
    private let server: MPRISServer?
    private let inhibitor: IdleInhibitor

    /// Connects `page` to the desktop for `application`'s `window`.
    init(application: UnsafeMutablePointer<GtkApplication>, window: UnsafeMutablePointer<GtkWidget>, page: PlayerPage) {
        self.page = page
        self.window = window
        inhibitor = IdleInhibitor(application: application, window: window)
        let gApplication = UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self)
        let initial = Self.state(of: page)
        if let connection = g_application_get_dbus_connection(gApplication) {
            server = MPRISServer(connection: connection, initial: initial)
        } else {
            server = nil
            if g_application_get_flags(gApplication).rawValue & G_APPLICATION_NON_UNIQUE.rawValue == 0 {
                Console.say("no session bus: media controls (MPRIS) and keeping the screen on are off")
            }
        }
        server?.onMethod = { [weak self] method in self?.perform(method) }
        server?.position = { [weak page] in page?.controller.snapshot.position ?? 0 }
        Signal.connect(window.raw, "unrealize") { [weak self] in self?.windowClosed() }
    }

    /// The page or its player changed: tells the desktop.
    func update() {
        guard let page else { return }
        let snapshot = page.controller.snapshot
        server?.publish(state(of: page))
        inhibitor.update(state: snapshot.state, pageShown: page.track != nil)
    }

    /// What the desktop's media controls show of `page`.
    private static func state(of page: PlayerPage) -> MPRISState {
        MPRISState(
            snapshot: page.controller.snapshot, track: page.track, canGoNext: page.hasNeighbour(.forward),
            canGoPrevious: page.hasNeighbour(.backward))
    }

    private func state(of page: PlayerPage) -> MPRISState { Self.state(of: page) }

    /// The window goes away (its widgets still exist): playback ends, so no engine event draws
    /// into destroyed widgets, and the screen may sleep again.
    private func windowClosed() {
        page?.controller.stop()
        inhibitor.close()
    }

    private func perform(_ method: MPRISMethod) {
        guard let page else { return }
        let controller = page.controller
        guard let command = method.command(in: state(of: page)) else {
            return
        }
        switch command {
        case .raise: gtk_window_present(window.as(GtkWindow.self))
        case .quit: gtk_window_close(window.as(GtkWindow.self))
        case .play: controller.play()
        case .pause: controller.pause()
        case .stop: controller.stop()
        case .next: page.onMove?(.forward)
        case .previous: page.onMove?(.backward)
        case .seek(let seconds): controller.seek(to: seconds)
        case .setVolume(let volume): controller.setVolume(volume)
        case .setRate(let rate): controller.setRate(rate)
        }
    }
}
