import CascadeScreens
import Testing

@Suite struct PlaybackTimingTests {
    @Test func theProbeEndsBeforeTheWatchdogAndNeverBelowHalfASecond() {
        #expect(PlaybackTiming.probeDeadline(prepareTimeout: PlaybackTiming.prepareTimeout) == 8)
        #expect(PlaybackTiming.probeDeadline(prepareTimeout: 0.2) == 0.5)
        #expect(PlaybackTiming.stallCheckInterval < PlaybackTiming.stallThreshold)
    }
}
