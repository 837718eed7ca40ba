import CascadePlayer
import CascadeTestSupport
import Foundation

/// A controller wired to a scripted engine and a virtual clock, recording every published state.
@MainActor
final class PlayerHarness {
    static let feedURL = URL(string: "https://cdn.example.com/v/clip.flv?sig=1")!
    /// The player plays the URL it is given (the `.flv` rule belongs to the feed decoder).
    static let playURL = feedURL

    let engine: FakePlaybackEngine
    let scheduler = ManualScheduler()
    let controller: PlayerController
    private(set) var published: [PlayerSnapshot] = []
    private(set) var fullscreenRequests: [Bool] = []
    /// Engine calls made before each fullscreen request (to check ordering).
    private(set) var callsAtFullscreenRequest: [[FakePlaybackEngine.Call]] = []

    init(source: URL? = PlayerHarness.feedURL, completesSeeksImmediately: Bool = true, volume: Double = 1) {
        engine = FakePlaybackEngine(volume: volume, completesSeeksImmediately: completesSeeksImmediately)
        controller = PlayerController(source: source, engine: engine, scheduler: scheduler)
        controller.onChange = { [unowned self] in self.published.append($0) }
        controller.onFullscreenRequest = { [unowned self] in
            self.fullscreenRequests.append($0)
            self.callsAtFullscreenRequest.append(self.engine.calls)
        }
    }

    /// The distinct states published, in order.
    var states: [String] {
        published.map(\.state.name).reduce(into: []) { if $0.last != $1 { $0.append($1) } }
    }

    var snapshot: PlayerSnapshot { controller.snapshot }

    /// Brings the controller to `playing` with a media of `duration`, then forgets the calls.
    func startPlaying(duration: Double = 10) {
        controller.play()
        engine.send(.ready(duration: duration))
        engine.resetCalls()
    }
}
