import CGtk

/// The app's CSS, installed once per display.
@MainActor
public enum Stylesheet {
    static let css = """
        window.cascade { background: #f4f4f6; }
        .feed-background { background: #f4f4f6; }
        .video-cell { background: #ffffff; border-radius: 5px; box-shadow: 0 1px 2px alpha(black, 0.12); }
        .video-cell:focus-visible { outline: 2px solid #3b82f6; outline-offset: 1px; }
        .video-cell .cover { border-radius: 5px 5px 0 0; background: #dcdde2; }
        .video-cell .cover.failed { background: #eceaea; }
        .video-cell .cover-glyph { color: alpha(#50535c, 0.55); }
        .video-cell .title { font-size: 13pt; color: #1d1f24; }
        .video-cell .badge {
            font-size: 9pt; font-weight: bold; color: white; background: alpha(black, 0.6);
            border-radius: 4px; padding: 1px 5px; margin: 6px;
        }
        .refresh-header, .load-footer { color: #5b5f6a; font-size: 10.5pt; }
        .load-footer.failed { color: #b3261e; }
        .load-footer.beyond-limit { background: rgba(246, 246, 248, 0.94); color: #1f2128; }
        .alert-backdrop { background: alpha(black, 0.35); }
        .alert {
            background: #ffffff; border-radius: 12px; padding: 20px 24px 14px 24px;
            box-shadow: 0 8px 30px alpha(black, 0.3); min-width: 260px;
        }
        .alert .alert-title { font-weight: bold; font-size: 13pt; }
        .alert .alert-message { color: #4a4d55; }
        .alert button { min-width: 88px; }
        .top-bar { background: #ffffff; border-bottom: 1px solid #e1e2e6; padding: 6px 12px; }
        .top-bar .app-title { font-weight: bold; font-size: 14pt; }
        .tab-strip { background: #ffffff; border-bottom: 1px solid #e1e2e6; }
        .tab { padding: 9px 14px 8px 14px; color: #5b5f6a; font-size: 11pt; }
        .tab.selected { color: #111318; font-weight: bold; }
        .tab-indicator { background: #ff3b5c; border-radius: 2px; min-height: 3px; }
        .banner { border-radius: 8px; background: #1d1f24; }
        .banner-caption {
            color: white; font-weight: bold; font-size: 13pt; margin: 12px 16px;
            text-shadow: 0 1px 3px alpha(black, 0.8);
        }
        .banner-dots { margin: 14px 16px; }
        .banner-dot { min-width: 7px; min-height: 7px; border-radius: 4px; background: alpha(white, 0.5); }
        .banner-dot.active { background: white; min-width: 16px; }
        .player-page { background: #101114; color: #f1f1f3; }
        .player-page .player-title { font-size: 14pt; font-weight: bold; }
        """

    private static var installed = false

    /// Installs the stylesheet on the default display; idempotent.
    public static func install() {
        guard !installed, let display = gdk_display_get_default() else { return }
        installed = true
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(
            display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}
