extension ScriptReport {
    /// The player page.
    public struct Player: Codable, Equatable, Sendable {
        /// The player state's name (`idle`, `loading`, `playing`, `paused`, `ended`, `failed`, …).
        public var state: String
        public var position: Double
        public var duration: Double
        public var fullscreen: Bool
        public var windowFullscreen: Bool
        /// What confirmed the last fullscreen change.
        public var fullscreenConfirmedBy: String?
        /// The video's title (only while the player page is shown).
        public var title: String?
        /// The playback error's message.
        public var error: String?
        public var retryVisible: Bool
        public var coverVisible: Bool
        public var coverLoaded: Bool
        public var playButtonVisible: Bool
        public var controlsVisible: Bool
        public var elapsedText: String
        /// The page's cursor is GDK's blank one.
        public var pointerHidden: Bool
        public var totalText: String
        public var volume: Double
        public var brightness: Double
        /// The states the player went through, and fullscreen changes, at most 64.
        public var history: [String]
        /// The player page's media streams alive in the process.
        public var livePipelines: Int
        public var liveEngines: Int
        /// `g_get_monotonic_time` in seconds.
        public var clock: Double
        public var playButtonFrame: [Double]?
        /// The position offered to resume from (seconds).
        public var resumeOffer: Double?
        /// The resume button's label as drawn.
        public var resumeOfferText: String?
        /// Whether the resume offer's default button has the focus.
        public var resumeOfferFocused: Bool
        public var resumeOfferFrame: [Double]?
        public var videoFrame: [Double]?
        /// The playback rate (1 = normal).
        public var rate: Double
        /// The speed the controls' speed menu shows ("1.5×").
        public var speedText: String?
        /// The position slider's frame in the window.
        public var sliderFrame: [Double]?
        /// The frame shown above the slider while it is hovered, nil when none is shown.
        public var seekPreview: SeekPreview?

        /// What the seek preview above the slider shows.
        public struct SeekPreview: Codable, Equatable, Sendable {
            /// The time under the pointer, in seconds.
            public var seconds: Double
            /// The sprite's tile drawn, nil while only the time shows (the sprite is being made).
            public var tile: Int?
            /// The preview's frame in the window.
            public var frame: [Double]?

            /// Creates the entry.
            public init(seconds: Double, tile: Int?, frame: [Double]?) {
                self.seconds = seconds
                self.tile = tile
                self.frame = frame
            }
        }
        /// The audio menu's lines (English), empty when the video has no audio track listed.
        public var audioTracks: [String]
        /// The subtitle menu's lines (English, "Off" first), empty when there is no subtitle track.
        public var subtitleTracks: [String]
        /// The line of each menu that plays (English; "Off" for no subtitles), nil when none.
        public var audioTrack: String?
        public var subtitleTrack: String?
        /// What the controls' Audio and Subtitles menus show (translated), nil while hidden.
        public var audioMenuText: String?
        public var subtitleMenuText: String?
        /// The Subtitles menu's frame in the window, nil while hidden.
        public var subtitleMenuFrame: [Double]?
        /// The subtitle file playing with the video (a sidecar or a dropped file), its name.
        public var subtitleFile: String?
        /// The id of the item shown (only while the player page is shown).
        public var itemID: String?
        /// The video kept pre-rolled for the next move (its URL), nil for none.
        public var prerolled: String?
        /// The most player pipelines alive at once so far in the process.
        public var peakLivePipelines: Int?
        /// Whether the slide of a move to a neighbour is running.
        public var sliding: Bool?

        /// Creates the player entry; every field is a parameter.
        public init(
            state: String, position: Double, duration: Double, fullscreen: Bool, windowFullscreen: Bool,
            fullscreenConfirmedBy: String?, title: String?, error: String?, retryVisible: Bool, coverVisible: Bool,
            coverLoaded: Bool, playButtonVisible: Bool, controlsVisible: Bool, elapsedText: String,
            pointerHidden: Bool, totalText: String, volume: Double, brightness: Double, history: [String],
            livePipelines: Int, liveEngines: Int, clock: Double, playButtonFrame: [Double]?, resumeOffer: Double?,
            resumeOfferText: String?, resumeOfferFocused: Bool, resumeOfferFrame: [Double]?, videoFrame: [Double]?,
            rate: Double = 1, speedText: String? = nil, sliderFrame: [Double]? = nil, seekPreview: SeekPreview? = nil,
            audioTracks: [String] = [], subtitleTracks: [String] = [],
            audioTrack: String? = nil, subtitleTrack: String? = nil, audioMenuText: String? = nil,
            subtitleMenuText: String? = nil, subtitleMenuFrame: [Double]? = nil, subtitleFile: String? = nil,
            itemID: String? = nil, prerolled: String? = nil,
            peakLivePipelines: Int? = nil, sliding: Bool? = nil
        ) {
            self.itemID = itemID
            self.prerolled = prerolled
            self.peakLivePipelines = peakLivePipelines
            self.sliding = sliding
            self.state = state
            self.position = position
            self.duration = duration
            self.fullscreen = fullscreen
            self.windowFullscreen = windowFullscreen
            self.fullscreenConfirmedBy = fullscreenConfirmedBy
            self.title = title
            self.error = error
            self.retryVisible = retryVisible
            self.coverVisible = coverVisible
            self.coverLoaded = coverLoaded
            self.playButtonVisible = playButtonVisible
            self.controlsVisible = controlsVisible
            self.elapsedText = elapsedText
            self.pointerHidden = pointerHidden
            self.totalText = totalText
            self.volume = volume
            self.brightness = brightness
            self.history = history
            self.livePipelines = livePipelines
            self.liveEngines = liveEngines
            self.clock = clock
            self.playButtonFrame = playButtonFrame
            self.resumeOffer = resumeOffer
            self.resumeOfferText = resumeOfferText
            self.resumeOfferFocused = resumeOfferFocused
            self.resumeOfferFrame = resumeOfferFrame
            self.videoFrame = videoFrame
            self.rate = rate
            self.speedText = speedText
            self.sliderFrame = sliderFrame
            self.seekPreview = seekPreview
            self.audioTracks = audioTracks
            self.subtitleTracks = subtitleTracks
            self.audioTrack = audioTrack
            self.subtitleTrack = subtitleTrack
            self.audioMenuText = audioMenuText
            self.subtitleMenuText = subtitleMenuText
            self.subtitleMenuFrame = subtitleMenuFrame
            self.subtitleFile = subtitleFile
        }

        enum CodingKeys: String, CodingKey {
            case state, position, duration, fullscreen, title, error, volume, brightness, history, clock, rate
            case speedText = "speed_text"
            case sliderFrame = "slider_frame"
            case seekPreview = "seek_preview"
            case audioTracks = "audio_tracks"
            case subtitleTracks = "subtitle_tracks"
            case audioTrack = "audio_track"
            case subtitleTrack = "subtitle_track"
            case audioMenuText = "audio_menu_text"
            case subtitleMenuText = "subtitle_menu_text"
            case subtitleMenuFrame = "subtitle_menu_frame"
            case subtitleFile = "subtitle_file"
            case windowFullscreen = "window_fullscreen"
            case fullscreenConfirmedBy = "fullscreen_confirmed_by"
            case retryVisible = "retry_visible"
            case coverVisible = "cover_visible"
            case coverLoaded = "cover_loaded"
            case playButtonVisible = "play_button_visible"
            case controlsVisible = "controls_visible"
            case elapsedText = "elapsed_text"
            case pointerHidden = "pointer_hidden"
            case totalText = "total_text"
            case livePipelines = "live_pipelines"
            case peakLivePipelines = "peak_live_pipelines"
            case itemID = "item_id"
            case prerolled, sliding
            case liveEngines = "live_engines"
            case playButtonFrame = "play_button_frame"
            case resumeOffer = "resume_offer"
            case resumeOfferText = "resume_offer_text"
            case resumeOfferFocused = "resume_offer_focused"
            case resumeOfferFrame = "resume_offer_frame"
            case videoFrame = "video_frame"
        }
    }

    /// The feed's hover preview.
    public struct Preview: Codable, Equatable, Sendable {
        /// The previewed item, nil when idle.
        public var index: Int?
        /// `idle`, `pending`, `loading`, `playing` or `failed`.
        public var state: String
        public var enabled: Bool
        /// Previews started this run.
        public var started: Int
        /// Why the last preview stopped.
        public var lastStop: String?
        /// Whether the video layer is faded in.
        public var videoShown: Bool
        public var error: String?
        /// Frames drawn since the preview started.
        public var framesShown: Int
        /// The clip position (seconds) of the frame drawn last.
        public var framePosition: Double?
        /// Preview pipelines alive in the process.
        public var livePipelines: Int

        /// Creates the preview entry.
        public init(
            index: Int?, state: String, enabled: Bool, started: Int, lastStop: String?, videoShown: Bool,
            error: String?, framesShown: Int, framePosition: Double?, livePipelines: Int
        ) {
            self.index = index
            self.state = state
            self.enabled = enabled
            self.started = started
            self.lastStop = lastStop
            self.videoShown = videoShown
            self.error = error
            self.framesShown = framesShown
            self.framePosition = framePosition
            self.livePipelines = livePipelines
        }

        enum CodingKeys: String, CodingKey {
            case index, state, enabled, started, error
            case lastStop = "last_stop"
            case videoShown = "video_shown"
            case framesShown = "frames_shown"
            case framePosition = "frame_position"
            case livePipelines = "live_pipelines"
        }
    }
}
