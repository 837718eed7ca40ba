import CascadeGTK
import CascadeScript
import Foundation

/// Player actions, through the handlers of the player page's buttons and slider.
extension ScriptRunner {
    func performPlayer(_ action: ScriptAction) async throws {
        guard app.screen == .player else { throw ScriptFailure("the player page is not shown") }
        let page = app.playerPage
        let snapshot = page.controller.snapshot
        switch action {
        case .play:
            switch snapshot.state {
            case .idle, .stopped: page.playClicked()
            case .paused, .ended: page.playPauseClicked()
            case .failed(let message, let retryable):
                guard retryable else { throw ScriptFailure("playback failed: \(message)") }
                page.retryClicked()
            case .loading, .playing: break
            }
        case .pause:
            guard snapshot.state == .playing || snapshot.state == .loading else {
                throw ScriptFailure("nothing to pause (player is \(snapshot.state.name))")
            }
            page.playPauseClicked()
        case .seek(let seconds):
            guard snapshot.state == .playing || snapshot.state == .paused || snapshot.state == .loading else {
                throw ScriptFailure("cannot seek: player is \(snapshot.state.name)")
            }
            page.seekCommitted(to: seconds)
        case .waitPosition(let seconds):
            try await waitPosition(seconds, page: page)
        case .waitPlayerError:
            try await waitPlayerError(page: page)
        case .toggleFullscreen:
            page.fullscreenClicked()
        case .resume, .startOver:
            guard page.isResumeOffered else { throw ScriptFailure("no resume offer is shown") }
            if action == .resume { page.resumeClicked() } else { page.startOverClicked() }
        default:
            break
        }
        try await frames(2)
    }

    /// Waits (at most 15 s) until playback has reached `seconds`; fails early if playback
    /// fails or stops first.
    private func waitPosition(_ seconds: Double, page: PlayerPage) async throws {
        page.resetReachedPosition()
        let deadline = Date().addingTimeInterval(15)
        while page.reachedPosition < seconds {
            let snapshot = page.controller.snapshot
            if case .failed(let message, _) = snapshot.state { throw ScriptFailure("playback failed: \(message)") }
            if !snapshot.state.hasMedia {
                throw ScriptFailure(
                    "playback is \(snapshot.state.name) after reaching \(page.reachedPosition) s (wanted \(seconds) s)")
            }
            if Date() >= deadline {
                throw ScriptFailure("position \(snapshot.position) s after 15 s (wanted \(seconds) s)")
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Waits (at most 15 s) until the player has failed; fails if playback gets past 1 s or ends.
    private func waitPlayerError(page: PlayerPage) async throws {
        page.resetReachedPosition()
        let deadline = Date().addingTimeInterval(15)
        while true {
            let snapshot = page.controller.snapshot
            if case .failed = snapshot.state { return }
            if page.reachedPosition >= 1 { throw ScriptFailure("the player played to \(page.reachedPosition) s") }
            if snapshot.state == .ended { throw ScriptFailure("the player played to the end") }
            if Date() >= deadline { throw ScriptFailure("no player error after 15 s (\(snapshot.state.name))") }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
