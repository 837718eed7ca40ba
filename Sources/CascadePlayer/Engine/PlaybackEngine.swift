import Foundation

/// What a playback engine reports to its controller.
public enum PlaybackEvent: Equatable, Sendable {
    /// The media is prepared; its duration in seconds (0 if unknown).
    case ready(duration: Double)
    /// The duration changed after `ready` (live or growing media), in seconds.
    case durationChanged(Double)
    /// The current position in seconds.
    case position(Double)
    /// Whether the engine is waiting for data.
    case buffering(Bool)
    /// The time ranges (seconds) the engine holds data for, in ascending order.
    case bufferedRanges([ClosedRange<Double>])
    /// Playback reached the end of the media.
    case ended
    /// The media cannot be played; a human-readable reason.
    case failed(String)
}

/// Plays one media URL. Engines only play: every decision lives in `PlayerController`.
///
/// Implementations: `PlaybinEngine` (playbin3 through `CascadeGStreamer.PlaybackPipeline`) in the GTK host and
/// scripted fakes in tests. All calls and events happen on the main actor.
@MainActor
public protocol PlaybackEngine: AnyObject {
    /// Receives every event; set by the controller before `load`.
    var onEvent: ((PlaybackEvent) -> Void)? { get set }
    /// Starts preparing `url` (http(s) or file); `ready` or `failed` follows, never neither:
    /// an engine that cannot prepare in bounded time reports `failed`.
    func load(_ url: URL)
    /// Starts or resumes playback. Called before `ready`, it means "play as soon as prepared".
    func play()
    /// Pauses playback.
    func pause()
    /// Seeks to `seconds`; `completion` runs once the engine has landed there (true) or the
    /// seek was abandoned (false).
    func seek(to seconds: Double, completion: @escaping @MainActor (Bool) -> Void)
    /// Output volume, 0…1. Kept across `load` calls.
    var volume: Double { get set }
    /// Playback rate (1 = normal; the controller keeps it within `PlaybackRate`'s range). Kept
    /// across `load` calls.
    var rate: Double { get set }
    /// Shows the next (`forward`) or previous frame and stays paused; called only while paused.
    /// The position event for the new frame follows.
    func stepFrame(forward: Bool)
    /// Stops playback and releases the media pipeline.
    func stop()
}
