/// The `org.mpris.MediaPlayer2.Player` properties that change while the app runs, and so are
/// sent in `PropertiesChanged` (`Position` is not: MPRIS clients extrapolate it).
public enum MPRISProperty: String, CaseIterable, Equatable, Sendable {
    case playbackStatus = "PlaybackStatus"
    case metadata = "Metadata"
    case volume = "Volume"
    case rate = "Rate"
    case canPlay = "CanPlay"
    case canPause = "CanPause"
    case canSeek = "CanSeek"
    case canGoNext = "CanGoNext"
    case canGoPrevious = "CanGoPrevious"
}
