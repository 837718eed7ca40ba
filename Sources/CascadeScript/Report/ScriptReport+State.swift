extension ScriptReport {
    /// The app's state after a step.
    public struct State: Codable, Equatable, Sendable {
        /// `feed` or `player`.
        public var screen: String
        /// The selected channel.
        public var channel: Int
        /// The banner carousel's page, nil without a banner.
        public var carouselPage: Int?
        /// Whether the shown banner's auto-advance timer runs.
        public var carouselAutoAdvancing: Bool
        /// The window as the window manager reports it.
        public var window: Window
        /// The alert's text.
        public var alert: String?
        /// The catalog's status line (a folder's scan progress or change notice).
        public var catalogStatus: String?
        /// The texts the top bar draws, left to right.
        public var topBar: [String]
        /// Whether the catalog's source changed since it was read.
        public var catalogStale: Bool
        /// The resident set size of the process.
        public var rssBytes: Int
        /// Frames painted since the previous step.
        public var frameTimesMs: FrameTimes
        /// Milliseconds from the process's start to the paint that first showed a cover.
        public var firstCoverPaintedMs: Double?
        /// The class of GTK's renderer drawing the window.
        public var renderer: String?
        /// The items whose cell widgets are drawn, with their allocated frames.
        public var visibleItems: [Item]
        /// The items the feed's screen model counts as visible, with their layout frames.
        public var modelVisibleItems: [Item]
        /// Cell widgets alive (on screen plus pooled).
        public var liveCells: Int
        /// The item whose cell has the keyboard focus.
        public var focusedItem: Int?
        /// The banner's frame in content coordinates.
        public var bannerFrame: [Double]?
        /// Where content y = `feed.offset` is drawn, in window coordinates (`[x, y]`).
        public var feedOrigin: [Double]?
        /// The current channel's feed.
        public var feed: Feed
        /// Every channel's feed.
        public var feeds: [Feed]
        /// The tab strip, nil before the channels are laid out.
        public var tabs: Tabs?
        /// The player page.
        public var player: Player
        /// The feed's hover preview.
        public var preview: Preview
        /// What was opened in the window.
        public var opened: [Opened]
        /// The column setting.
        public var columns: Columns
        /// A first run's catalog generation.
        public var catalogProgress: CatalogProgress?
        /// The main thread's CPU time per frame, in milliseconds: `CLOCK_THREAD_CPUTIME_ID` from the
        /// end of one frame's paint to the end of the next, so the work between frames (input, a
        /// page landing, decoded covers arriving) counts with the frame it led to; a machine's
        /// stolen time does not count.
        public struct FrameCPU: Codable, Equatable, Sendable {
            public var count: Int
            /// Nearest-rank percentiles, and the largest.
            public var p50: Double
            public var p95: Double
            public var p99: Double
            public var max: Double
            /// Every frame's CPU time, sorted, to 0.01 ms (to pool steps, as perf-app does).
            public var samples: [Double]
            /// The step's slowest frames (at most `slowestKept`), slowest first, each split by
            /// where its CPU time went; nil when no frame was drawn.
            public var slowest: [Phases]?

            /// How many of a step's slowest frames the report splits by phase.
            public static let slowestKept = 8

            /// One frame's CPU time split by the frame clock's phases, in milliseconds; the
            /// phases add up to `total`.
            public struct Phases: Codable, Equatable, Sendable {
                /// The frame's CPU time.
                public var total: Double
                /// From the end of the previous frame to the end of this one's before-paint phase:
                /// input, and the main loop's work between frames (a page landing, covers arriving,
                /// timers).
                public var between: Double
                /// The update phase: tick callbacks (kinetic scrolling, animations) and what they drive.
                public var update: Double
                /// GTK's layout: measuring and allocating widgets.
                public var layout: Double
                /// GTK's paint: snapshotting the widgets and rendering the frame.
                public var paint: Double
                /// The after-paint phase.
                public var rest: Double

                /// Creates a split; `total` is the sum of the phases.
                public init(between: Double, update: Double, layout: Double, paint: Double, rest: Double) {
                    self.between = between
                    self.update = update
                    self.layout = layout
                    self.paint = paint
                    self.rest = rest
                    total = between + update + layout + paint + rest
                }
            }

            /// Creates the figures.
            public init(
                count: Int, p50: Double, p95: Double, p99: Double, max: Double, samples: [Double] = [],
                slowest: [Phases]? = nil
            ) {
                self.count = count
                self.p50 = p50
                self.p95 = p95
                self.p99 = p99
                self.max = max
                self.samples = samples
                self.slowest = slowest
            }
        }

        /// What has the keyboard focus.
        public var focus: Focus?
        /// The passing notices shown as toasts in this run, as drawn, oldest first (the last 16);
        /// nil when none was shown.
        public var toasts: [String]?
        /// The status page drawn in place of the feed; nil when the feed is drawn.
        public var statusPage: StatusPage?
        /// The search field's text while the search bar is open; nil while it is closed.
        public var search: String?
        /// How the banner's current page draws its cover: `surface` or `texture`; nil for none.
        public var bannerCover: String?
        /// The main thread's CPU time per frame since the previous step (`frame_cpu_ms`).
        public var frameCpuMs: FrameCPU?
        /// The open Preferences window's cache row; nil while no Preferences window is open.
        public var preferencesCache: PreferencesCache?
        /// The open Preferences window's default folder row; nil while none is open.
        public var preferencesFolder: PreferencesFolder?

        /// Creates a state; every field is a parameter (the report builder fills them all).
        public init(
            screen: String, channel: Int, carouselPage: Int?, carouselAutoAdvancing: Bool, window: Window,
            alert: String?, catalogStatus: String?, topBar: [String], catalogStale: Bool, rssBytes: Int,
            frameTimesMs: FrameTimes, firstCoverPaintedMs: Double?, renderer: String?, visibleItems: [Item],
            modelVisibleItems: [Item], liveCells: Int, focusedItem: Int?, bannerFrame: [Double]?,
            feedOrigin: [Double]?, feed: Feed, feeds: [Feed], tabs: Tabs?, player: Player, preview: Preview,
            opened: [Opened], columns: Columns, catalogProgress: CatalogProgress?, focus: Focus?
        ) {
            self.screen = screen
            self.channel = channel
            self.carouselPage = carouselPage
            self.carouselAutoAdvancing = carouselAutoAdvancing
            self.window = window
            self.alert = alert
            self.catalogStatus = catalogStatus
            self.topBar = topBar
            self.catalogStale = catalogStale
            self.rssBytes = rssBytes
            self.frameTimesMs = frameTimesMs
            self.firstCoverPaintedMs = firstCoverPaintedMs
            self.renderer = renderer
            self.visibleItems = visibleItems
            self.modelVisibleItems = modelVisibleItems
            self.liveCells = liveCells
            self.focusedItem = focusedItem
            self.bannerFrame = bannerFrame
            self.feedOrigin = feedOrigin
            self.feed = feed
            self.feeds = feeds
            self.tabs = tabs
            self.player = player
            self.preview = preview
            self.opened = opened
            self.columns = columns
            self.catalogProgress = catalogProgress
            self.focus = focus
        }

        enum CodingKeys: String, CodingKey {
            case screen, channel, window, alert, renderer, feed, feeds, tabs, player, preview, opened, columns, focus
            case toasts, search
            case bannerCover = "banner_cover"
            case carouselPage = "carousel_page"
            case carouselAutoAdvancing = "carousel_auto_advancing"
            case catalogStatus = "catalog_status"
            case topBar = "top_bar"
            case catalogStale = "catalog_stale"
            case rssBytes = "rss_bytes"
            case frameTimesMs = "frame_times_ms"
            case firstCoverPaintedMs = "first_cover_painted_ms"
            case visibleItems = "visible_items"
            case modelVisibleItems = "model_visible_items"
            case liveCells = "live_cells"
            case focusedItem = "focused_item"
            case bannerFrame = "banner_frame"
            case feedOrigin = "feed_origin"
            case catalogProgress = "catalog_progress"
            case statusPage = "status_page"
            case frameCpuMs = "frame_cpu_ms"
            case preferencesCache = "preferences_cache"
            case preferencesFolder = "preferences_folder"
        }
    }

    /// A status page (`AdwStatusPage`) in place of the feed: an empty folder or channel, a failed
    /// first load, a search that found nothing.
    public struct StatusPage: Codable, Equatable, Sendable {
        /// `empty_folder`, `empty_channel`, `load_failed` or `no_results`.
        public var kind: String
        /// The title as drawn.
        public var title: String
        /// The description as drawn.
        public var description: String
        /// The button's label as drawn (Retry, Reload), nil without one.
        public var action: String?
        /// The button's bounds in window coordinates, nil without one.
        public var actionFrame: [Double]?

        /// Creates the status page's state.
        public init(kind: String, title: String, description: String, action: String?, actionFrame: [Double]?) {
            self.kind = kind
            self.title = title
            self.description = description
            self.action = action
            self.actionFrame = actionFrame
        }

        enum CodingKeys: String, CodingKey {
            case kind, title, description, action
            case actionFrame = "action_frame"
        }
    }

    /// The window as the window manager reports it.
    public struct Window: Codable, Equatable, Sendable {
        /// As the window manager reports it.
        public var mapped: Bool
        /// As the window manager reports it.
        public var minimized: Bool
        /// As the window manager reports it.
        public var active: Bool

        /// Creates the window state.
        public init(mapped: Bool, minimized: Bool, active: Bool) {
            self.mapped = mapped
            self.minimized = minimized
            self.active = active
        }
    }

    /// Frame times (milliseconds) from the frame clock's first phase to the end of its paint.
    public struct FrameTimes: Codable, Equatable, Sendable {
        public var count: Int
        /// Nearest-rank percentiles.
        public var p50: Double
        public var p95: Double
        public var p99: Double
        /// Frames longer than a 60 Hz frame (16.7 ms).
        public var over16ms: Int
        /// Frames longer than a 30 Hz frame (33 ms).
        public var over33ms: Int
        /// Every frame time, sorted, to 0.01 ms.
        public var samples: [Double]
        /// `[start, duration]` of each frame over 16.7 ms in the order drawn, the start on
        /// `CLOCK_MONOTONIC` in milliseconds.
        public var slow: [[Double]]

        /// Creates the frame times.
        public init(
            count: Int, p50: Double, p95: Double, p99: Double, over16ms: Int, over33ms: Int, samples: [Double],
            slow: [[Double]]
        ) {
            self.count = count
            self.p50 = p50
            self.p95 = p95
            self.p99 = p99
            self.over16ms = over16ms
            self.over33ms = over33ms
            self.samples = samples
            self.slow = slow
        }

        enum CodingKeys: String, CodingKey {
            case count, p50, p95, p99, samples, slow
            case over16ms = "over_16_7"
            case over33ms = "over_33"
        }
    }

    /// What has the keyboard focus.
    public struct Focus: Codable, Equatable, Sendable {
        /// `tab` (index: the channel), `banner`, `item` (index: the item) or `widget`.
        public var kind: String
        public var index: Int?
        /// The widget's GType name.
        public var type: String
        /// Its bounds in window coordinates.
        public var frame: [Double]?

        /// Creates the focus entry.
        public init(kind: String, index: Int?, type: String, frame: [Double]?) {
            self.kind = kind
            self.index = index
            self.type = type
            self.frame = frame
        }
    }

    /// One file or folder the window was asked to open.
    public struct Opened: Codable, Equatable, Sendable {
        /// `folder`, `video`, `not_video` or `missing`.
        public var kind: String
        public var path: String

        /// Creates the entry.
        public init(kind: String, path: String) {
            self.kind = kind
            self.path = path
        }
    }

    /// A first run's catalog generation.
    public struct CatalogProgress: Codable, Equatable, Sendable {
        public var done: Int
        public var total: Int
        /// The progress line as shown.
        public var message: String
        public var running: Bool

        /// Creates the progress entry.
        public init(done: Int, total: Int, message: String, running: Bool) {
            self.done = done
            self.total = total
            self.message = message
            self.running = running
        }
    }

    /// The column setting: a fixed count (JSON: the number) or adaptive (JSON: `"auto"`).
    public enum Columns: Codable, Equatable, Sendable {
        case auto
        case fixed(Int)

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let count = try? container.decode(Int.self) {
                self = .fixed(count)
            } else if try container.decode(String.self) == "auto" {
                self = .auto
            } else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "columns: a number or auto")
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .auto: try container.encode("auto")
            case .fixed(let count): try container.encode(count)
            }
        }
    }
}
