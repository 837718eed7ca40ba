import CascadePlayer
import CascadeTestSupport
import Foundation
import Testing

/// The controller with a resume store: the offer, its default, starting over, and what is
/// recorded when playback is left.
@MainActor
@Suite struct PlayerControllerResumeTests {
    let key = PlayerHarness.feedURL.absoluteString

    @Test func leavingPartwayOffersToResumeThereAndPlayResumes() {
        let (h, store) = harness()
        h.startPlaying(duration: 8)
        h.engine.send(.position(3.04))
        h.controller.stop()
        #expect(store.resumePoint(for: key) == ResumePoint(position: 3.04, duration: 8))

        h.controller.setSource(PlayerHarness.feedURL)
        #expect(h.snapshot.state == .idle)
        #expect(h.snapshot.resumeOffer?.position == 3.04)
        h.engine.resetCalls()
        h.controller.play()  // the default: resume
        #expect(h.snapshot.resumeOffer == nil)
        #expect(h.snapshot.position == 3.04)
        h.engine.send(.ready(duration: 8))
        #expect(h.engine.calls == [.load(PlayerHarness.playURL), .play, .seek(3.04)])
        #expect(h.snapshot.state == .playing)
    }

    @Test func startOverPlaysFromTheStartAndForgetsTheOldPositionWhenLeftEarly() {
        let (h, store) = harness(leftAt: 5, of: 8)
        h.controller.setSource(PlayerHarness.feedURL)
        #expect(h.snapshot.resumeOffer == ResumePoint(position: 5, duration: 8))
        h.engine.resetCalls()
        h.controller.startOver()
        h.engine.send(.ready(duration: 8), .position(0.5))
        #expect(h.engine.calls == [.load(PlayerHarness.playURL), .play])
        #expect(h.snapshot.resumeOffer == nil)
        #expect(h.snapshot.position == 0.5)
        h.controller.stop()
        #expect(store.resumePoint(for: key) == nil)
    }

    @Test func aFinishedVideoIsForgottenAndStartsFromTheStart() {
        let (h, store) = harness(leftAt: 5, of: 8)
        h.controller.setSource(PlayerHarness.feedURL)
        h.controller.play()
        h.engine.send(.ready(duration: 8), .position(7.9), .ended)
        #expect(store.resumePoint(for: key) == nil)
        #expect(h.snapshot.state == .stopped)
        h.controller.setSource(PlayerHarness.feedURL)
        #expect(h.snapshot.resumeOffer == nil)
    }

    @Test func pausesAndFailuresRecordWhereTheyHappened() {
        let (h, store) = harness()
        h.startPlaying(duration: 60)
        h.engine.send(.position(12))
        h.controller.pause()
        #expect(store.resumePoint(for: key)?.position == 12)
        h.controller.play()
        h.engine.send(.position(20), .failed("network down"))
        #expect(store.resumePoint(for: key)?.position == 20)
    }

    @Test func playingRecordsEveryTenSecondsSoAKillLosesLittle() {
        let (h, store) = harness()
        h.startPlaying(duration: 60)
        var recorded: [Double] = []
        store.onChange = { recorded.append(store.resumePoint(for: key)?.position ?? -1) }
        for tenth in stride(from: 5, through: 250, by: 5) { h.engine.send(.position(Double(tenth) / 10)) }
        #expect(recorded == [10, 20])
        #expect(store.resumePoint(for: key)?.position == 20)
    }

    @Test func leavingWhileTheResumeLoadsKeepsThePosition() {
        let (h, store) = harness(leftAt: 30, of: 60)
        h.controller.setSource(PlayerHarness.feedURL)
        h.controller.play()
        h.controller.stop()  // before `ready`: the duration is not known yet
        #expect(store.resumePoint(for: key) == ResumePoint(position: 30, duration: 60))
    }

    /// A harness whose controller has an in-memory store, with the clip left at `position`
    /// of `duration` seconds when given.
    func harness(leftAt position: Double? = nil, of duration: Double = 0) -> (PlayerHarness, ResumeStore) {
        let store = ResumeStore(fileURL: nil)
        if let position { store.record(key, position: position, duration: duration) }
        let h = PlayerHarness()
        h.controller.resumeStore = store
        return (h, store)
    }

    @Test func withoutAStoreNothingIsOffered() {
        let h = PlayerHarness()
        h.startPlaying(duration: 8)
        h.engine.send(.position(3))
        h.controller.setSource(PlayerHarness.feedURL)
        #expect(h.snapshot.resumeOffer == nil)
    }
}
