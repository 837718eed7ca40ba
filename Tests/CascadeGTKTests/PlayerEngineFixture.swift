import CGtk
import CascadeGTK
import CascadePlayer
import CascadeTestSupport
import Foundation

/// Shared clips and GTK set-up for the GStreamer engine tests, made once per test process.
@MainActor
enum PlayerEngineFixture {
    struct Clips {
        let directory: URL
        /// 3 s, 320×180, H.264 + AAC.
        let clip: URL
        let corrupt: URL
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
            initialized = gtk_init_check() != 0
        }
        return initialized
    }

    /// The clips, generated with ffmpeg on first use.
    static func clips() throws -> Clips {
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

/// Records an engine's events with the wall time they arrived.
@MainActor
final class EngineEventLog {
    private(set) var events: [(time: Date, event: PlaybackEvent)] = []
    let start = Date()

    init(_ engine: MediaStreamEngine) {
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
    var hasEnded: Bool { events.contains { $0.event == .ended } }
    var failureCount: Int { events.filter { if case .failed = $0.event { true } else { false } }.count }
}
