/// How much of the user's attention the window has, as the window manager reports it.
///
/// Motion nobody asked for (the banner's auto-advance) runs only while the window is in the
/// foreground: shown, not minimized, and the active window. A hidden, minimized or unfocused
/// window stays still and costs no CPU, as a pager view does when its app goes to the
/// background.
///
/// ```swift
/// var presence = WindowPresence()
/// presence.isActive = false
/// presence.isForeground   // false: the banner pauses
/// ```
public struct WindowPresence: Equatable, Sendable {
    /// Whether the window is mapped (shown on a screen).
    public var isMapped: Bool
    /// Whether the window manager minimized (iconified) it.
    public var isMinimized: Bool
    /// Whether the window has the keyboard focus of the session.
    public var isActive: Bool

    /// A window shown, not minimized and active: the state before the host reports any change.
    public init(isMapped: Bool = true, isMinimized: Bool = false, isActive: Bool = true) {
        self.isMapped = isMapped
        self.isMinimized = isMinimized
        self.isActive = isActive
    }

    /// Whether motion nobody asked for may run.
    public var isForeground: Bool { isMapped && !isMinimized && isActive }
}
