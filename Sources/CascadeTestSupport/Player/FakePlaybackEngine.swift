import CascadePlayer
import Foundation

/// A scripted playback engine: records every call in order and emits the events a test sends.
@MainActor
public final class FakePlaybackEngine: PlaybackEngine {
    /// One call made to the engine.
    public enum Call: Equatable, Sendable {
        case load(URL)
        case play
        case pause
        case seek(Double)
        case setVolume(Double)
        case setRate(Double)
        case stepFrame(forward: Bool)
        case stop
    }

    /// Every call, in order.
    public private(set) var calls: [Call] = []
    /// Receives events; set by the controller.
    public var onEvent: ((PlaybackEvent) -> Void)?
    /// Whether seeks complete as soon as they are asked for (else call `completeSeeks`).
    public var completesSeeksImmediately: Bool
    /// Events sent synchronously from inside the next `load` (then cleared), like an engine
    /// that fails at once.
    public var eventsOnLoad: [PlaybackEvent] = []
    /// Seek completions not yet delivered, oldest first.
    public private(set) var pendingSeeks: [(target: Double, completion: @MainActor (Bool) -> Void)] = []

    /// Creates an engine with `volume`; seeks complete at once unless told otherwise.
    public init(volume: Double = 1, completesSeeksImmediately: Bool = true) {
        storedVolume = volume
        self.completesSeeksImmediately = completesSeeksImmediately
    }

    // MARK: PlaybackEngine

    public func load(_ url: URL) {
        calls.append(.load(url))
        let events = eventsOnLoad
        eventsOnLoad = []
        for event in events { onEvent?(event) }
    }
    public func play() { calls.append(.play) }
    public func pause() { calls.append(.pause) }
    public func stop() { calls.append(.stop) }
    public func stepFrame(forward: Bool) { calls.append(.stepFrame(forward: forward)) }

    public func seek(to seconds: Double, completion: @escaping @MainActor (Bool) -> Void) {
        calls.append(.seek(seconds))
        if completesSeeksImmediately {
            completion(true)
        } else {
            pendingSeeks.append((seconds, completion))
        }
    }

    public var volume: Double {
        get { storedVolume }
        set {
            storedVolume = newValue
            calls.append(.setVolume(newValue))
        }
    }

    public var rate: Double {
        get { storedRate }
        set {
            storedRate = newValue
            calls.append(.setRate(newValue))
        }
    }

    // MARK: Script

    /// Sends `events` in order, as the engine would.
    public func send(_ events: PlaybackEvent...) {
        for event in events { onEvent?(event) }
    }

    /// Delivers the pending seek completions, oldest first, with `success`.
    public func completeSeeks(_ success: Bool = true) {
        let seeks = pendingSeeks
        pendingSeeks = []
        for seek in seeks { seek.completion(success) }
    }

    /// Forgets the recorded calls (after setting up a state).
    public func resetCalls() { calls = [] }

    private var storedVolume: Double
    private var storedRate: Double = 1
}
