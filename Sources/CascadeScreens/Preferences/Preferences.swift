import Foundation

/// The settings that outlive a run: columns, hover previews, volume, the last channel, the style
/// the default folder and "Autoplay next".
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
    /// The folder `cascade` with no arguments opens (an absolute path), or nil for the demo catalog.
    public var defaultFolder: String?
    /// The most megabytes the image disk cache keeps (one of `imageCacheChoices`).
    public var imageCacheMegabytes = 150
    /// Whether the end of a video moves the player to the next one (else it stops).
    public var autoplayNext = false

    /// The defaults: adaptive columns, previews on, full volume, the first channel, the desktop's
    /// style, no autoplay.
    public init() {}

    /// The allowed fixed column counts.
    public static let columnRange = 1...12
    /// The longest channel id kept (ids come from feeds, which are outside input).
    public static let maxChannelLength = 256
    /// The image cache budgets Preferences offers, in megabytes (150: the cache's default).
    public static let imageCacheChoices = [50, 150, 500, 1000]

    /// The image cache's budget in bytes.
    public var imageCacheBytes: Int { imageCacheMegabytes << 20 }

    /// The longest default folder path kept (PATH_MAX).
    public static let maxFolderLength = 4096

    /// Whether `path` may be the default folder: absolute, at most `maxFolderLength` bytes, no
    /// control characters (the file is edited by hand too).
    public static func isAcceptableFolder(_ path: String) -> Bool {
        path.hasPrefix("/") && path.utf8.count <= maxFolderLength
            && !path.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
