/// The symbolic icon names the player's controls show, from what the player is doing.
public enum PlayerIcons {
    /// Pause while playing, else play.
    public static func playPause(showsPause: Bool) -> String {
        showsPause ? "media-playback-pause-symbolic" : "media-playback-start-symbolic"
    }

    /// Restore while fullscreen, else fullscreen.
    public static func fullscreen(isFullscreen: Bool) -> String {
        isFullscreen ? "view-restore-symbolic" : "view-fullscreen-symbolic"
    }

    /// Muted at 0 (or below), low below a third, medium below two thirds, else high.
    public static func volume(_ volume: Double) -> String {
        if volume <= 0 { return "audio-volume-muted-symbolic" }
        if volume < 0.34 { return "audio-volume-low-symbolic" }
        return volume < 0.67 ? "audio-volume-medium-symbolic" : "audio-volume-high-symbolic"
    }
}
