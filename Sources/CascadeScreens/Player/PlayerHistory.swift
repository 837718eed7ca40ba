/// What the player page went through since it showed an item: its states and fullscreen
/// changes, oldest first, e.g. `["idle", "loading", "playing", "fullscreen:on", "ended",
/// "fullscreen:off", "stopped"]`, and the furthest position it played to.
public struct PlayerHistory: Equatable, Sendable {
    /// The most entries kept (the oldest go first).
    public static let limit = 64

    /// The states and fullscreen changes, oldest first.
    public private(set) var entries: [String] = []
    /// The highest position seen while playing, paused or ended since `resetReachedPosition()`.
    public private(set) var reachedPosition = 0.0
    private var lastState = "idle"
    private var lastFullscreen = false

    /// Creates the history of a page that is idle and not fullscreen.
    public init() {}

    /// Starts again for a new item: its first state is recorded whatever it is.
    public mutating func restart() {
        entries = []
        lastState = ""
        lastFullscreen = false
    }

    /// Forgets the position reached.
    public mutating func resetReachedPosition() {
        reachedPosition = 0
    }

    /// The player is in the state named `state` (`PlayerState.name`), at `position` seconds.
    public mutating func record(state: String, isFullscreen: Bool, position: Double) {
        if state != lastState { entries.append(state) }
        if isFullscreen != lastFullscreen { entries.append(isFullscreen ? "fullscreen:on" : "fullscreen:off") }
        lastState = state
        lastFullscreen = isFullscreen
        if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
        if ["playing", "paused", "ended"].contains(state) { reachedPosition = max(reachedPosition, position) }
    }
}
