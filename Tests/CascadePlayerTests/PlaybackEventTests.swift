import CascadePlayer
import Testing

@Suite struct PlaybackEventTests {
    @Test func eventsCompareByPayload() {
        #expect(PlaybackEvent.ready(duration: 4) == .ready(duration: 4))
        #expect(PlaybackEvent.position(1) != .position(2))
    }
}
