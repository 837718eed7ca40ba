extension ScriptReport {
    /// One channel's feed.
    public struct Feed: Codable, Equatable, Sendable {
        /// `idle`, `refreshing`, `loading_more`, `exhausted` or `failed`.
        public var state: String
        public var items: Int
        public var pagesLoaded: Int
        public var requests: Int
        /// The load-more footer's text as drawn (current channel only).
        public var footer: String?
        /// The pull-to-refresh header's text as drawn, empty when idle (current channel only).
        public var refresh: String?
        /// The scroll offset (current channel only).
        public var offset: Double?
        public var maxOffset: Double?
        /// The channel's id (`feeds` only).
        public var channel: String?
        /// Whether the channel's page is built (`feeds` only).
        public var built: Bool?

        /// Creates a feed summary.
        public init(
            state: String, items: Int, pagesLoaded: Int, requests: Int, footer: String? = nil,
            refresh: String? = nil, offset: Double? = nil, maxOffset: Double? = nil, channel: String? = nil,
            built: Bool? = nil
        ) {
            self.state = state
            self.items = items
            self.pagesLoaded = pagesLoaded
            self.requests = requests
            self.footer = footer
            self.refresh = refresh
            self.offset = offset
            self.maxOffset = maxOffset
            self.channel = channel
            self.built = built
        }

        enum CodingKeys: String, CodingKey {
            case state, items, requests, footer, refresh, offset, channel, built
            case pagesLoaded = "pages_loaded"
            case maxOffset = "max_offset"
        }
    }

    /// One item of `visible_items` or `model_visible_items`.
    public struct Item: Codable, Equatable, Sendable {
        public var index: Int
        public var id: String
        /// Content coordinates of the current feed.
        public var frame: [Double]
        /// The fraction the cover's progress bar draws (drawn items only; nil: no bar).
        public var progress: Double?
        /// How the cover is drawn: `surface`, `texture`, `placeholder` or `failed` (drawn items only).
        public var cover: String?
        /// The cover's height in the cell, from the cell's top (drawn items only); the title
        /// takes the rest of the frame.
        public var coverHeight: Double?

        enum CodingKeys: String, CodingKey {
            case index, id, frame, progress, cover
            case coverHeight = "cover_height"
        }

        /// Creates an item entry.
        public init(
            index: Int, id: String, frame: [Double], progress: Double? = nil, cover: String? = nil,
            coverHeight: Double? = nil
        ) {
            self.index = index
            self.id = id
            self.frame = frame
            self.progress = progress
            self.cover = cover
            self.coverHeight = coverHeight
        }

        /// The cover's frame as drawn, in content coordinates (`[x, y, width, height]`): the
        /// item's frame at the whole-point width its widget gets, down to `coverHeight` (the
        /// reference's 85 % when not drawn).
        public var coverFrame: [Double] {
            guard frame.count == 4 else { return frame }
            return [frame[0], frame[1], frame[2].rounded(), coverHeight ?? (frame[3] * 0.85).rounded()]
        }
    }

    /// The channel tab strip.
    public struct Tabs: Codable, Equatable, Sendable {
        /// The indicator's `[x, width]`.
        public var indicator: [Double]
        /// The selected tab's `[x, width]`.
        public var selectedTab: [Double]
        public var stripOffset: Double
        public var stripWidth: Double
        /// Every tab's frame in strip coordinates.
        public var frames: [[Double]]
        /// The strip's origin in window coordinates (`[x, y]`).
        public var origin: [Double]

        /// Creates the tab strip entry.
        public init(
            indicator: [Double], selectedTab: [Double], stripOffset: Double, stripWidth: Double, frames: [[Double]],
            origin: [Double]
        ) {
            self.indicator = indicator
            self.selectedTab = selectedTab
            self.stripOffset = stripOffset
            self.stripWidth = stripWidth
            self.frames = frames
            self.origin = origin
        }

        enum CodingKeys: String, CodingKey {
            case indicator, frames, origin
            case selectedTab = "selected_tab"
            case stripOffset = "strip_offset"
            case stripWidth = "strip_width"
        }
    }
}
