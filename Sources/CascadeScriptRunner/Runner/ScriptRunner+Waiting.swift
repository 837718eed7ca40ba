import CGtk
import CascadeGStreamer
import CascadeGTK
import Foundation

/// Bounded waits on the window: frames, idleness, conditions, signal files.
extension ScriptRunner {
    func waitUntil(timeout: TimeInterval, _ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { throw ScriptFailure("timed out") }
            try await frames(1)
        }
        try await frames(1)
    }

    /// Waits until nothing loads, decodes or animates (and two more frames), bounded.
    func waitIdle(timeout: TimeInterval) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if isIdle() {
                try? await frames(2)
                if isIdle() { return true }
            }
            try? await Task.sleep(for: .milliseconds(15))
        }
        return false
    }

    private func isIdle() -> Bool {
        if app.isLoadingChannels { return false }
        // Off the player page, a player pipeline stopped mid-preroll (a neighbour's, left by
        // back) is still settling: at most `PlaybackPipeline.settleWait`.
        if app.screen == .feed, PlaybackPipeline.livePipelines > 0 { return false }
        // No feed: idle once an alert or the search's "No Results Found" is all there is to draw.
        guard let feed = app.feed else { return app.alert.text != nil || app.showsNoSearchResults }
        if app.channelPager?.isMoving == true { return false }
        return !feed.model.feedState.isLoading && !feed.hasPendingImages && !feed.isAnimating
    }

    /// Waits for `count` frames of the window's frame clock; none while the window is minimized
    /// or unmapped, where the frame clock is frozen and nothing is drawn.
    func frames(_ count: Int) async throws {
        let presence = app.presence
        guard presence.isMapped && !presence.isMinimized else { return }
        var remaining = count
        let window = app.window
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ticker = FrameTicker(widget: window) { _ in
                remaining -= 1
                if remaining <= 0 {
                    continuation.resume()
                    return false
                }
                return true
            }
            _ = ticker
            gtk_widget_queue_draw(window)
        }
    }

    /// Waits (at most 30 s, polling every 5 ms without drawing) until `file` exists, then
    /// deletes it.
    func waitSignal(_ file: URL) async throws {
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: file.path) {
            guard Date() < deadline else { throw ScriptFailure("no signal \(file.lastPathComponent) within 30 s") }
            try await Task.sleep(for: .milliseconds(5))
        }
        try? FileManager.default.removeItem(at: file)
    }
}
