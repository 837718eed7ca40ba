import CGtk

/// The player page's CSS, installed once per display just above the app's `Stylesheet`
/// (GTK compares selectors only within one provider: the higher priority wins outright).
@MainActor
enum PlayerStylesheet {
    static let css = """
        .player-page { background: #101114; color: #f1f1f3; }
        .player-page.fullscreen { background: black; }
        .player-surface { background: black; }
        .player-play-button {
            min-width: 44px; min-height: 44px; padding: 0; border-radius: 22px;
            background: alpha(black, 0.55); color: white; border: none; outline: none;
            box-shadow: 0 0 0 1px alpha(white, 0.6), 0 2px 8px alpha(black, 0.4);
        }
        .player-play-button:hover { background: alpha(black, 0.75); }
        .player-controls {
            background: linear-gradient(to top, alpha(black, 0.8), alpha(black, 0));
            padding: 22px 10px 6px 10px; color: white;
        }
        .player-controls button {
            color: white; background: none; border: none; box-shadow: none;
            min-width: 30px; min-height: 30px; padding: 2px;
        }
        .player-controls button:hover { background: alpha(white, 0.15); }
        .player-controls .player-time { font-size: 10pt; font-feature-settings: "tnum"; }
        .player-controls scale trough { background: alpha(white, 0.3); min-height: 4px; }
        .player-controls scale highlight { background: #ff3b5c; }
        .player-controls scale slider { background: white; min-width: 12px; min-height: 12px; margin: -5px; }
        .player-error {
            background: alpha(black, 0.75); border-radius: 10px; padding: 16px 22px; color: white;
        }
        .player-error .player-error-title { font-weight: bold; font-size: 12pt; }
        .player-error button { min-width: 88px; }
        """

    private static var installed = false

    /// Installs the stylesheet on the default display; idempotent.
    static func install() {
        guard !installed, let display = gdk_display_get_default() else { return }
        installed = true
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(
            display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION) + 1)
    }
}
