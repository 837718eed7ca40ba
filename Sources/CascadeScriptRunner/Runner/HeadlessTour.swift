/// The run without a display: `cascade` with no `$DISPLAY` or `$WAYLAND_DISPLAY` starts a
/// private Xvfb (`HeadlessDisplay`) and runs this script into PNGs and a report, so a person
/// without a display sees the app.
public enum HeadlessTour {
    /// What it renders: the first screen, a scrolled screen, the end of the feed and the page a
    /// tapped video opens. It starts by waiting for the first screen, which on a first run
    /// includes generating the demo catalog.
    public static let script = """
        wait-idle
        screenshot 01-feed
        scroll-by 0 900
        wait-idle
        screenshot 02-scrolled
        scroll-to-end
        wait-idle
        scroll-to-end
        wait-idle
        scroll-to-end
        wait-idle
        screenshot 03-end
        scroll-to-item 0
        wait-idle
        tap-item 0
        screenshot 04-opened
        back
        """
}
