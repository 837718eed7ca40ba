extension ScriptReport {
    /// The Preferences window's cache row (`preferences_cache`): the size shown, where its
    /// "Clear cache" button is, and the toasts it showed.
    public struct PreferencesCache: Codable, Equatable, Sendable {
        /// The caches' size as drawn (`g_format_size`: "0 bytes", "1.2 MB").
        public var size: String
        /// The button's frame in the Preferences window, `[x, y, width, height]`.
        public var clearFrame: [Double]?
        /// The toasts the row showed, oldest first.
        public var toasts: [String]
        /// The image cache's budget in effect ("150 MB").
        public var imageLimit: String

        /// Creates a summary.
        public init(size: String, clearFrame: [Double]?, toasts: [String], imageLimit: String) {
            self.size = size
            self.clearFrame = clearFrame
            self.toasts = toasts
            self.imageLimit = imageLimit
        }

        enum CodingKeys: String, CodingKey {
            case size, toasts
            case clearFrame = "clear_frame"
            case imageLimit = "image_limit"
        }
    }

    /// The Preferences window's default folder row (`preferences_folder`): the folder
    /// remembered and where its buttons are.
    public struct PreferencesFolder: Codable, Equatable, Sendable {
        /// The default folder, or nil (the demo opens).
        public var folder: String?
        /// The Choose… button's frame in the Preferences window, `[x, y, width, height]`.
        public var chooseFrame: [Double]?
        /// The Reset button's frame there.
        public var resetFrame: [Double]?

        /// Creates a summary.
        public init(folder: String?, chooseFrame: [Double]?, resetFrame: [Double]?) {
            self.folder = folder
            self.chooseFrame = chooseFrame
            self.resetFrame = resetFrame
        }

        enum CodingKeys: String, CodingKey {
            case folder
            case chooseFrame = "choose_frame"
            case resetFrame = "reset_frame"
        }
    }
}
