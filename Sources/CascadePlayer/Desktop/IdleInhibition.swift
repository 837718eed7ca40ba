/// Whether the screen must stay on (an idle inhibition held by the host), decided from what the
/// player does: held while a video plays on the shown page, released on pause, at the end, on
/// failure, when the page is left and when the window closes.
///
/// The value remembers whether the host holds the inhibition, so each transition asks for
/// `inhibit` or `uninhibit` exactly once: never twice in a row, never an `uninhibit` without an
/// `inhibit`, and `close()` releases what is held.
public struct IdleInhibition: Equatable, Sendable {
    /// What the host must do.
    public enum Action: Equatable, Sendable {
        /// Ask the desktop to keep the screen on (`gtk_application_inhibit` with IDLE).
        case inhibit
        /// Release the inhibition taken by the last `inhibit`.
        case uninhibit
    }

    /// Whether the host holds an inhibition.
    public private(set) var isHeld = false
    /// Whether the window closed: nothing is inhibited after it.
    public private(set) var isClosed = false

    /// A value holding nothing.
    public init() {}

    /// Whether the screen should stay on in `state` with the page shown or not: only while
    /// playing (buffering while playing included).
    public static func wanted(state: PlayerState, pageShown: Bool) -> Bool {
        pageShown && state == .playing
    }

    /// The player is now in `state` (the page shown or not): the action to take, if any.
    public mutating func update(state: PlayerState, pageShown: Bool) -> Action? {
        set(held: !isClosed && Self.wanted(state: state, pageShown: pageShown))
    }

    /// The window closes: releases what is held, and nothing is inhibited after.
    public mutating func close() -> Action? {
        isClosed = true
        return set(held: false)
    }

    private mutating func set(held: Bool) -> Action? {
        guard held != isHeld else { return nil }
        isHeld = held
        return held ? .inhibit : .uninhibit
    }
}
