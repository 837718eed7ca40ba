import Foundation

/// The settings that outlive a run: columns, hover previews, volume, the last channel, the style
/// and "Autoplay next".
public struct Preferences: Equatable, Sendable {
    /// A fixed column count (1…12), or nil for adaptive columns from the window width.
    public var columns: Int?
    /// Whether resting the pointer on a cell plays a preview.
    public var hoverPreviews = true
    /// The player's output volume, 0…1.
    public var volume = 1.0
    /// The id of the channel selected last, or nil for the first.
    public var lastChannel: String?
    /// The style: the desktop's light or dark preference, or one forced.
    public var colorScheme = ColorScheme.default
    /// Whether the end of a video moves the player to the next one (else it stops).
    public var autoplayNext = false

    /// The defaults: adaptive columns, previews on, full volume, the first channel, the desktop's
    /// style, no autoplay.
    public init() {}

    /// The allowed fixed column counts.
    public static let columnRange = 1...12
    /// The longest channel id kept (ids come from feeds, which are outside input).
    public static let maxChannelLength = 256
}
