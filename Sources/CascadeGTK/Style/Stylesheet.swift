import CGtk
import CascadeScreens

/// The app's CSS, installed once per display, in one provider (GTK compares specificity only
/// within a provider). Under the cairo renderer every scrolled frame repaints the window, so
/// nothing is painted that is then covered: the feed has no background, a cell's white is its
/// title band, and a cover's grey shows only while it has no image (`loaded`). The feed's colours
/// are libadwaita's named colours (`@window_bg_color`, `@view_fg_color`...), so they follow the
/// light or dark style (`StyleChoice`); the player page is dark in both, the focus ring and the
/// red accents are the app's own in both.
@MainActor
package enum Stylesheet {
    /// The cells' corner radius in CSS (`VideoCellGeometry.cornerRadius`, as the cover draws it).
    private static let cellRadius = "\(VideoCellGeometry.cornerRadius)px"
    /// The space left and right of a cell's title, in points: `PangoTitleMeasurer` wraps
    /// titles at the cell's width less twice this, as the title draws them.
    static let titleHorizontalPadding: Int32 = 8

    static let css = """
        window.cascade { background: @window_bg_color; }
        /* Without a compositor (plain X11, Xvfb) libadwaita frames the window in a 5 px resize
           border inside it; the window manager resizes it instead, so the content keeps the
           window's full size and its coordinates are the window's. */
        window.cascade.solid-csd { padding: 0; box-shadow: none; }
        .video-cell { border-radius: \(cellRadius); box-shadow: 0 1px 2px alpha(black, 0.12); }
        /* Drawn in software, the soft shadow costs 13 % of a fling's main-thread instructions
           (Docs/BENCHMARKS.md): the cells go without it there. */
        window.cairo-renderer .video-cell { box-shadow: none; }
        .video-cell:focus-visible { outline: 2px solid #3b82f6; outline-offset: 1px; }
        .video-cell .cover { border-radius: \(cellRadius) \(cellRadius) 0 0; background: alpha(@window_fg_color, 0.12); }
        .video-cell .cover.loaded { background: none; }
        .video-cell .cover.failed { background: alpha(@window_fg_color, 0.06); }
        .video-cell .cover-glyph { color: alpha(@window_fg_color, 0.45); }
        .video-cell .title {
            font-size: 13pt; color: @view_fg_color; background: @view_bg_color; padding: 0 \(titleHorizontalPadding)px;
            border-radius: 0 0 \(cellRadius) \(cellRadius);
        }
        .video-cell .cell-preview { opacity: 0; transition: opacity 250ms ease-in; }
        .video-cell .cell-preview.shown { opacity: 1; }
        /* The pill (black at 60 %, 4 px corners, 1 × 5 px around the text) is drawn with the
           text in one texture (`DurationBadge`). */
        .video-cell .badge { font-size: 9pt; font-weight: bold; color: white; margin: 6px; }
        .video-cell .cover-progress { background: alpha(black, 0.45); }
        .video-cell .cover-progress-fill { background: #ff3b5c; }
        .refresh-header, .load-footer { color: alpha(@window_fg_color, 0.7); font-size: 10.5pt; }
        .load-footer.failed { color: @error_color; }
        .load-footer:focus-visible { outline: 2px solid #3b82f6; outline-offset: -4px; border-radius: 6px; }
        .load-footer.beyond-limit { background: alpha(@window_bg_color, 0.94); color: @window_fg_color; }
        .feed-status { background: @window_bg_color; }
        .tab-strip { background: @view_bg_color; border-bottom: 1px solid alpha(@window_fg_color, 0.12); }
        .tab { padding: 9px 14px 8px 14px; color: alpha(@view_fg_color, 0.75); font-size: 11pt; }
        .tab.selected { color: @view_fg_color; font-weight: bold; }
        .tab:focus-visible { outline: 2px solid #3b82f6; outline-offset: -3px; border-radius: 6px; }
        .tab-indicator { background: #ff3b5c; border-radius: 2px; min-height: 3px; }
        .banner { border-radius: 8px; background: #1d1f24; }
        .banner:focus-visible { outline: 3px solid #3b82f6; outline-offset: -3px; }
        .banner-caption {
            color: white; font-weight: bold; font-size: 13pt; margin: 12px 16px;
            text-shadow: 0 1px 3px alpha(black, 0.8);
        }
        /* GTK's cairo renderer blurs a shadow in software on every frame, about 4 ms for this
           one in a scrolled frame (Docs/PLATFORM_NOTES.md); a hard shadow is the text drawn twice. */
        window.cairo-renderer .banner-caption { text-shadow: 0 1px 0 alpha(black, 0.8); }
        .banner-dots { margin: 14px 16px; }
        .banner-dot { min-width: 7px; min-height: 7px; border-radius: 4px; background: alpha(white, 0.5); }
        .banner-dot.active { background: white; min-width: 16px; }
        .player-page { background: #101114; color: #f1f1f3; }
        .player-page .player-title { font-size: 14pt; font-weight: bold; }
        .player-page.fullscreen { background: black; }
        .player-surface, .player-slide { background: black; }
        .player-play-button {
            min-width: 44px; min-height: 44px; padding: 0; border-radius: 22px;
            background: alpha(black, 0.55); color: white; border: none; outline: none;
            box-shadow: 0 0 0 1px alpha(white, 0.6), 0 2px 8px alpha(black, 0.4);
        }
        .player-play-button:hover { background: alpha(black, 0.75); }
        .player-play-button:focus-visible { outline: 2px solid #3b82f6; outline-offset: 2px; }
        .player-controls {
            background: linear-gradient(to top, alpha(black, 0.8), alpha(black, 0));
            padding: 22px 10px 6px 10px; color: white;
        }
        .player-controls button {
            color: white; background: none; border: none; box-shadow: none;
            min-width: 30px; min-height: 30px; padding: 2px;
        }
        .player-controls button:hover { background: alpha(white, 0.15); }
        .player-controls button:focus-visible, .player-controls scale:focus-visible {
            outline: 2px solid #3b82f6; outline-offset: 0;
        }
        .player-controls .player-time { font-size: 10pt; font-feature-settings: "tnum"; }
        .seek-preview {
            background: alpha(black, 0.85); color: white; border-radius: 6px; padding: 4px;
            box-shadow: 0 2px 6px alpha(black, 0.4);
        }
        .seek-preview picture { border-radius: 3px; }
        .seek-preview .player-time { font-size: 10pt; font-feature-settings: "tnum"; }
        .player-controls scale trough { background: alpha(white, 0.3); min-height: 4px; }
        .player-controls scale highlight { background: #ff3b5c; }
        .player-controls scale slider { background: white; min-width: 12px; min-height: 12px; margin: -5px; }
        .player-resume { margin: 12px; }
        .player-resume button {
            min-height: 36px; padding: 0 16px; border-radius: 18px; border: none;
            background: alpha(black, 0.6); color: white; box-shadow: 0 0 0 1px alpha(white, 0.5);
        }
        .player-resume button.suggested-action { background: #ff3b5c; box-shadow: none; font-weight: bold; }
        .player-resume button:focus-visible { outline: 2px solid white; outline-offset: 2px; }
        .player-error {
            background: alpha(black, 0.75); border-radius: 10px; padding: 16px 22px; color: white;
        }
        .player-error .player-error-title { font-weight: bold; font-size: 12pt; }
        .player-error button { min-width: 88px; }
        """

    private static var installed = false

    /// Installs the stylesheet on the default display; idempotent.
    /// Marks `window` `.cairo-renderer` when GTK draws it in software (`GskCairoRenderer`), where
    /// the stylesheet leaves out what cairo would redraw at a cost every frame. Call it once the
    /// window is realized (presented).
    package static func noteRenderer(of window: UnsafeMutablePointer<GtkWidget>) {
        guard Renderer.isCairo(window) == true else { return }
        gtk_widget_add_css_class(window, "cairo-renderer")
    }

    package static func install() {
        guard !installed, let display = gdk_display_get_default() else { return }
        installed = true
        let provider = gtk_css_provider_new()
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(
            display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}
