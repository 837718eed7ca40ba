import Foundation

/// Where videos were left: the resume offer and what is recorded in the resume store.
extension PlayerController {
    // MARK: Public API

    /// Declines the resume offer: from idle, stopped or failed, plays from the start (like
    /// `play()` without an offer). Does nothing in other states.
    public func startOver() {
        switch snapshot.state {
        case .idle, .stopped, .failed:
            update { $0.resumeOffer = nil }
            play()
        default:
            break
        }
    }

    /// Records where playback is now in the resume store, without stopping (the app calls it
    /// when it quits on the player page). Nothing is recorded without media or after the end
    /// (an ended video was recorded as finished).
    public func recordPosition() {
        guard snapshot.state.hasMedia && snapshot.state != .ended else { return }
        rememberPosition()
    }

    // MARK: Internal

    /// Records the current position of the source in the resume store.
    func rememberPosition() {
        guard let resumeStore, let source else { return }
        lastRecordedPosition = snapshot.position
        resumeStore.record(source.absoluteString, position: snapshot.position, duration: snapshot.duration)
    }

    /// The resume store's point for `url`, if it was left partway.
    func offer(for url: URL?) -> ResumePoint? {
        guard let url, let resumeStore else { return nil }
        return resumeStore.resumePoint(for: url.absoluteString)
    }

    /// Records the position in the resume store every `Configuration.resumeRecordInterval`
    /// seconds of playback (a seek that far records at the next position too).
    func recordWhilePlaying() {
        guard resumeStore != nil, snapshot.state == .playing,
            abs(snapshot.position - lastRecordedPosition) >= configuration.resumeRecordInterval
        else { return }
        rememberPosition()
    }
}
