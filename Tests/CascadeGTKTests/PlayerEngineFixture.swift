import CGtk
import CascadeGTK
import CascadePlayer
import CascadeTestSupport
import Foundation
import Testing

/// The set-up every GStreamer engine suite shares: GTK initialised and the test clips (both made
/// once per test process; the clips' folder is removed when it exits). A suite is marked
/// `@Suite(.serialized, .needsDisplay)` and holds one, made in its `init`:
///
/// ```swift
/// @MainActor @Suite(.serialized, .needsDisplay) struct SomeEngineTests {
///     let fixture: PlayerEngineFixture
///     init() throws { fixture = try PlayerEngineFixture() }
///     @Test func plays() throws {
///         let (engine, log) = fixture.makeEngine()
///         engine.load(fixture.clips.clip)
///     }
/// }
/// ```
@MainActor
struct PlayerEngineFixture {
    struct Clips {
        let directory: URL
        /// 3 s, 320×180, H.264 + AAC.
        let clip: URL
        let corrupt: URL
    }

    /// The clips.
    let clips: Clips

    /// Initialises GTK (once) and makes the clips (once); fails the test if either fails.
    init() throws {
        try #require(Self.setUpGTK(), "gtk_init_check failed")
        clips = try Self.sharedClips()
    }

    /// A new engine and the log of its events.
    func makeEngine(
        configuration: PlaybinEngine.Configuration = PlaybinEngine.Configuration()
    ) -> (PlaybinEngine, EngineEventLog) {
        let engine = PlaybinEngine(configuration: configuration)
        return (engine, EngineEventLog(engine))
    }

    /// Whether a display is available (the tests run under `xvfb-run -a`).
    nonisolated static let hasDisplay: Bool = {
        let environment = ProcessInfo.processInfo.environment
        return environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil
    }()

    /// Initializes GTK once (the media backend is a GTK module).
    ///
    /// Audio goes to GStreamer's automatic sink, which does not read `GST_AUDIO_SINK`; without a
    /// sound card it falls back to a null output and the clips still play, but ALSA prints
    /// errors first. Ranking the real audio sinks out (before GStreamer starts) makes the
    /// automatic sink pick the null output directly and keeps the test log quiet.
    static func setUpGTK() -> Bool {
        if !initialized {
            let sinks = ["alsasink", "pulsesink", "pipewiresink", "jackaudiosink", "osssink", "oss4sink", "openalsink"]
            setenv("GST_PLUGIN_FEATURE_RANK", sinks.map { "\($0):NONE" }.joined(separator: ","), 0)
            // GTK4 would start at-spi's bus, whose dbus-daemon outlives the tests
            // (Docs/PLATFORM_NOTES.md). GTK's test backend starts nothing and keeps every
            // widget's accessible role, properties, states and relations readable in-process
            // (with `none` there are none); it replaces the test command's `none`.
            setenv("GTK_A11Y", "test", 1)
            initialized = gtk_init_check() != 0
            // The app runs under libadwaita (AdwApplication initialises it), whose named colours
            // the stylesheet uses: so do the widget tests.
            if initialized { adw_init() }
        }
        return initialized
    }

    /// The clips, generated with ffmpeg on first use.
    private static func sharedClips() throws -> Clips {
        if let made { return made }
        let directory = try TestClips.makeDirectory()
        let clips = Clips(
            directory: directory, clip: try TestClips.makeClip(in: directory, duration: 3),
            corrupt: try TestClips.makeCorruptFile(in: directory))
        made = clips
        return clips
    }

    private static var initialized = false
    private static var made: Clips?
}

extension Trait where Self == ConditionTrait {
    /// Runs the suite only with a display (the test command runs GTK tests under `xvfb-run -a`).
    static var needsDisplay: Self {
        .enabled(if: PlayerEngineFixture.hasDisplay, "needs a display (run under xvfb-run -a)")
    }
}

/// Records an engine's events with the wall time they arrived.
@MainActor
final class EngineEventLog {
    private(set) var events: [(time: Date, event: PlaybackEvent)] = []
    let start = Date()

    init(_ engine: PlaybinEngine) {
        engine.onEvent = { [unowned self] in self.events.append((Date(), $0)) }
    }

    var duration: Double? {
        for entry in events { if case .ready(let duration) = entry.event { return duration } }
        return nil
    }

    var lastPosition: Double? {
        for entry in events.reversed() { if case .position(let position) = entry.event { return position } }
        return nil
    }

    var failure: String? {
        for entry in events { if case .failed(let message) = entry.event { return message } }
        return nil
    }

    var isReady: Bool { duration != nil }
    /// How many times the engine reported `ready`.
    var readyCount: Int { events.filter { if case .ready = $0.event { true } else { false } }.count }
    var hasEnded: Bool { events.contains { $0.event == .ended } }
    var failureCount: Int { events.filter { if case .failed = $0.event { true } else { false } }.count }
}
