/// The state of a pull-to-refresh control.
///
/// `idle → pulling(progress) → armed → refreshing → ending → idle`: pulling past the
/// threshold arms it, releasing while armed starts the refresh (the inset is held so the
/// spinner stays visible), `endRefreshing` starts the closing animation.
public enum RefreshControlState: Equatable, Sendable {
    /// At rest, nothing pulled.
    case idle
    /// Pulled by a fraction of the threshold, in [0, 1).
    case pulling(progress: Double)
    /// Pulled past the threshold: releasing now refreshes.
    case armed
    /// Refreshing; the inset is held open.
    case refreshing
    /// The refresh finished; the inset is animating closed.
    case ending
}
