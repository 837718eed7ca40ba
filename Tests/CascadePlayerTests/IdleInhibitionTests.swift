import CascadePlayer
import CascadeTestSupport
import Testing

@Suite struct IdleInhibitionTests {
    enum Step: Sendable {
        case state(PlayerState, shown: Bool)
        case close
    }

    /// Runs `steps` and returns the actions taken, in order.
    static func run(_ steps: [Step]) -> [IdleInhibition.Action] {
        var inhibition = IdleInhibition()
        var actions: [IdleInhibition.Action] = []
        for step in steps {
            let action: IdleInhibition.Action?
            switch step {
            case .state(let state, let shown): action = inhibition.update(state: state, pageShown: shown)
            case .close: action = inhibition.close()
            }
            if let action { actions.append(action) }
        }
        return actions
    }

    @Test(arguments: [
        (PlayerState.idle, false), (.loading, false), (.playing, true), (.paused, false), (.ended, false),
        (.stopped, false), (.failed(message: "x", retryable: true), false),
    ])
    func onlyPlayingOnTheShownPageKeepsTheScreenOn(state: PlayerState, wanted: Bool) {
        #expect(IdleInhibition.wanted(state: state, pageShown: true) == wanted)
        #expect(!IdleInhibition.wanted(state: state, pageShown: false))
    }

    @Test func playPauseEndAndLeave() {
        // Golden sequence: the seeds' life of a video.
        #expect(
            Self.run([
                .state(.idle, shown: true), .state(.loading, shown: true), .state(.playing, shown: true),
                .state(.playing, shown: true), .state(.paused, shown: true), .state(.paused, shown: true),
                .state(.playing, shown: true), .state(.ended, shown: true), .state(.stopped, shown: true),
                .state(.playing, shown: true), .state(.stopped, shown: false),
            ]) == [.inhibit, .uninhibit, .inhibit, .uninhibit, .inhibit, .uninhibit])
    }

    @Test func failuresAndLeavingWhilePlayingRelease() {
        #expect(
            Self.run([
                .state(.playing, shown: true), .state(.failed(message: "x", retryable: true), shown: true),
                .state(.playing, shown: true), .state(.playing, shown: false),
            ]) == [.inhibit, .uninhibit, .inhibit, .uninhibit])
    }

    @Test func closingReleasesOnceAndNothingIsInhibitedAfter() {
        #expect(
            Self.run([.state(.playing, shown: true), .close, .close, .state(.playing, shown: true)]) == [
                .inhibit, .uninhibit,
            ])
        #expect(Self.run([.close]) == [])
        #expect(Self.run([.state(.paused, shown: true), .close]) == [])
    }

    @Test func neverTwiceInARowAndNeverLeaked() {
        // Seeded sequences of states: actions alternate, start with inhibit, and close() leaves nothing held.
        let states: [PlayerState] = [.idle, .loading, .playing, .paused, .ended, .stopped]
        var generator = SeededGenerator(seed: 0x1D1E)
        for _ in 0..<200 {
            var steps: [Step] = []
            for _ in 0..<20 {
                steps.append(.state(states.randomElement(using: &generator)!, shown: Bool.random(using: &generator)))
            }
            steps.append(.close)
            let actions = Self.run(steps)
            for (i, action) in actions.enumerated() { #expect(action == (i % 2 == 0 ? .inhibit : .uninhibit)) }
            #expect(actions.count % 2 == 0)
        }
    }
}
