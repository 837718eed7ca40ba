import CGtk
import CascadeCollection
import Foundation

/// Runs a `--script` file against the app through the same code paths real input takes, and
/// writes the report after every step.
@MainActor
public final class ScriptRunner {
    private let app: AppWindow
    private let actions: [(line: Int, text: String, action: ScriptAction)]
    private let reportURL: URL
    private let screenshots: URL
    /// Each step serialized once, when it ran: a long script rewrites its report after every
    /// step, and serializing every earlier step again made that quadratic (a 120-step run
    /// spent seconds per step in `JSONSerialization`).
    private var steps: [Data] = []
    private var reportProblem: String?

    /// Creates a runner; the script is parsed and an empty report written up front.
    /// - Throws: `ScriptError` for a syntax error, `ReportError` when the report cannot be
    ///   written (nothing runs: a run whose report is lost must not look like a success).
    public init(app: AppWindow, script: String, reportURL: URL, screenshots: URL) throws {
        self.app = app
        self.actions = try ScriptAction.parse(script: script)
        self.reportURL = reportURL
        self.screenshots = screenshots
        if let problem = writeReport() { throw ReportError(description: problem) }
    }

    /// The report file cannot be written.
    public struct ReportError: Error, CustomStringConvertible {
        /// What went wrong, with the path.
        public let description: String
    }

    /// Runs every action in order; returns whether all succeeded.
    public func run() async -> Bool {
        var allOK = true
        // The first screen: catalog, first page and covers (a first run's generation is for the
        // script to wait for, so it can look at the progress).
        if !app.isPreparingCatalog { _ = await waitIdle(timeout: 20) }
        for entry in actions {
            let result: Result<Void, ScriptFailure>
            do {
                try await perform(entry.action)
                result = .success(())
            } catch let failure as ScriptFailure {
                result = .failure(failure)
            } catch {
                result = .failure(ScriptFailure(String(describing: error)))
            }
            var step: [String: Any] = ["action": entry.text, "line": entry.line, "state": StateReport.capture(app)]
            switch result {
            case .success: step["ok"] = true
            case .failure(let failure):
                step["ok"] = false
                step["error"] = failure.message
                allOK = false
                FileHandle.standardError.write(
                    Data("cascade: line \(entry.line) '\(entry.text)': \(failure.message)\n".utf8))
            }
            steps.append(serialize(step))
            reportProblem = writeReport() ?? reportProblem
        }
        reportProblem = writeReport() ?? reportProblem
        if let reportProblem {
            FileHandle.standardError.write(Data("cascade: \(reportProblem)\n".utf8))
            return false
        }
        return allOK
    }

    // MARK: Actions

    private func perform(_ action: ScriptAction) async throws {
        if action.actsOnTheScreen, app.alert.text != nil {
            // A user must press OK before touching the screen behind an alert: do the same.
            app.alert.dismiss()
            try await frames(1)
        }
        switch action {
        case .wait(let ms):
            try await Task.sleep(for: .milliseconds(ms))
        case .waitIdle:
            if app.isPreparingCatalog {
                // Generating a catalog takes about a minute on two cores.
                try await waitUntil(timeout: 900) { !app.isPreparingCatalog }
            }
            guard await waitIdle(timeout: 15) else { throw ScriptFailure("still busy after 15 s") }
        case .resize(let width, let height):
            gtk_window_set_default_size(app.window.as(GtkWindow.self), Int32(clamping: width), Int32(clamping: height))
            gtk_widget_queue_resize(app.window)
            try await frames(3)
        case .scrollBy(_, let dy):
            let feed = try requireFeed()
            if !feed.scrollDelta(dy) { feed.scroll(to: feed.offset + dy) }
            try await frames(2)
        case .scrollToItem(let index):
            let feed = try requireFeed()
            guard let frame = feed.model.frame(ofItem: index) else {
                throw ScriptFailure("item \(index) is not loaded (\(feed.model.items.count) items)")
            }
            feed.scroll(to: Double(frame.minY) - 10)
            try await frames(2)
        case .scrollToEnd:
            let feed = try requireFeed()
            feed.scroll(to: feed.maxOffset)
            try await frames(2)
        case .fling(_, let vy):
            try await fling(velocity: vy)
        case .pullRefresh:
            try await pullRefresh()
        case .tapItem(let index):
            let feed = try requireFeed()
            guard app.screen == .feed else { throw ScriptFailure("the feed is not shown") }
            guard let cell = feed.cell(forItem: index) else { throw ScriptFailure("item \(index) is not on screen") }
            cell.onActivate?()
            try await frames(2)
        case .hoverItem(let index):
            let feed = try requireFeed()
            guard app.screen == .feed else { throw ScriptFailure("the feed is not shown") }
            guard feed.hoverItem(index) else { throw ScriptFailure("item \(index) is not on screen") }
            let previews = app.previews.controller
            try await waitUntil(timeout: 10) {
                switch previews.state {
                case .pending, .loading: false
                case .idle, .playing, .failed: true
                }
            }
        case .tapFooter:
            let feed = try requireFeed()
            guard app.screen == .feed else { throw ScriptFailure("the feed is not shown") }
            guard feed.tapFooter() else { throw ScriptFailure("the footer is not on screen") }
            try await frames(2)
        case .back:
            guard app.screen != .feed else { throw ScriptFailure("already on the feed") }
            app.model.back()
            try await frames(2)
        case .screenshot(let name):
            try await frames(2)
            // A window shown moments ago (the first run's progress) may not have its first
            // allocation yet on a loaded machine, and a draw queued since the last frame leaves
            // nothing drawn until the next: either way, wait for frames, bounded.
            let png = screenshots.appendingPathComponent("\(name).png")
            try await Screenshot.saveDrawn(app.window, to: png, attempts: 300) { try await frames(1) }
        case .tapTab(let index):
            let pager = try requirePager()
            guard pager.model.channels.indices.contains(index) else {
                throw ScriptFailure("there is no tab \(index) (\(pager.model.channels.count) channels)")
            }
            pager.selectTab(index)
            try await waitUntil(timeout: 5) { !pager.isMoving }
        case .swipePage(let forward):
            let pager = try requirePager()
            let target = pager.model.selectedIndex + (forward ? 1 : -1)
            guard pager.model.channels.indices.contains(target) else {
                throw ScriptFailure("no \(forward ? "next" : "previous") page")
            }
            // A touchpad swipe: horizontal deltas over several frames, then the scroll ends.
            let width = pager.pageWidth
            for _ in 0..<6 {
                pager.swipeDelta((forward ? 1 : -1) * width / 10)
                try await frames(1)
            }
            pager.endSwipe()
            try await waitUntil(timeout: 5) { !pager.isMoving }
            guard pager.model.selectedIndex == target else {
                throw ScriptFailure("the swipe settled on page \(pager.model.selectedIndex), not \(target)")
            }
        case .carousel(let forward):
            let feed = try requireFeed()
            guard app.screen == .feed else { throw ScriptFailure("the feed is not shown") }
            guard let banner = feed.banner, feed.model.bannerElement != nil else {
                throw ScriptFailure("this channel has no banner carousel")
            }
            try await waitUntil(timeout: 5) { !banner.isAnimating }
            banner.step(forward: forward)
            try await waitUntil(timeout: 5) { !banner.isAnimating }
        case .play, .pause, .seek, .waitPosition, .waitPlayerError, .toggleFullscreen, .resume, .startOver:
            try await performPlayer(action)
        case .waitOpened(let count):
            try await waitUntil(timeout: 20) { app.opened.count >= count }
            _ = await waitIdle(timeout: 15)
        case .waitStatus(let text):
            // The catalog's status line: a folder feed's, or the first run's generation progress.
            try await waitUntil(timeout: 20) {
                app.catalogStatus?.contains(text) == true
                    || app.catalogProgressMessage?.contains(text) == true
            }
        case .columns(let columns):
            app.setColumns(columns)
            _ = await waitIdle(timeout: 15)
        case .previews(let enabled):
            app.model.setHoverPreviews(enabled)
            try await frames(1)
        case .waitSignal(let name):
            try await waitSignal(screenshots.appendingPathComponent(name))
        case .setVolume(let volume):
            guard app.screen == .player else { throw ScriptFailure("the player page is not shown") }
            app.playerPage.controlsBar.onVolume?(volume)
            try await frames(1)
        }
    }

    /// Player actions, through the handlers of the player page's buttons and slider.
    private func performPlayer(_ action: ScriptAction) async throws {
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

    /// Waits (at most 30 s, polling every 5 ms without drawing) until `file` exists, then
    /// deletes it.
    private func waitSignal(_ file: URL) async throws {
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: file.path) {
            guard Date() < deadline else { throw ScriptFailure("no signal \(file.lastPathComponent) within 30 s") }
            try await Task.sleep(for: .milliseconds(5))
        }
        try? FileManager.default.removeItem(at: file)
    }

    private func requirePager() throws -> ChannelPagerView {
        guard app.screen == .feed else { throw ScriptFailure("the channel page is not shown") }
        guard let pager = app.channelPager else { throw ScriptFailure("the channels have not loaded") }
        return pager
    }

    private func waitUntil(timeout: TimeInterval, _ condition: () -> Bool) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { throw ScriptFailure("timed out") }
            try await frames(1)
        }
        try await frames(1)
    }

    private func requireFeed() throws -> FeedView {
        guard let feed = app.feed else { throw ScriptFailure("the feed has not loaded") }
        return feed
    }

    /// Waits until nothing loads, decodes or animates (and two more frames), bounded.
    private func waitIdle(timeout: TimeInterval) async -> Bool {
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
        guard let feed = app.feed else { return app.alert.text != nil }
        if app.channelPager?.isMoving == true { return false }
        return !feed.model.feedState.isLoading && !feed.hasPendingImages && !feed.isAnimating
    }

    /// Waits for `count` frames of the window's frame clock; none while the window is minimized
    /// or unmapped, where the frame clock is frozen and nothing is drawn.
    private func frames(_ count: Int) async throws {
        let presence = app.presence
        guard presence.isMapped && !presence.isMinimized else { return }
        var remaining = count
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ticker = FrameTicker(widget: app.window) { _ in
                remaining -= 1
                if remaining <= 0 {
                    continuation.resume()
                    return false
                }
                return true
            }
            _ = ticker
            gtk_widget_queue_draw(app.window)
        }
    }

    /// A fling: UIScrollView deceleration from the current offset, one step per frame.
    private func fling(velocity: Double) async throws {
        let feed = try requireFeed()
        let glide = DecelerationModel(offset: feed.offset, velocity: velocity)
        let duration = min(glide.duration(), 10)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            var start: Int64?
            _ = FrameTicker(widget: feed.scrolled) { [weak feed] time in
                guard let feed else {
                    continuation.resume()
                    return false
                }
                let begin = start ?? time
                start = begin
                let t = Double(time - begin) / 1_000_000
                feed.scroll(to: glide.offset(at: min(t, duration)))
                let atEdge = feed.offset <= 0 && velocity < 0 || feed.offset >= feed.maxOffset && velocity > 0
                if t >= duration || (atEdge && t > 0.05) {
                    continuation.resume()
                    return false
                }
                return true
            }
        }
    }

    /// Pull-to-refresh as a touchpad gesture: upward deltas at the top over several frames,
    /// then the end of the scroll.
    private func pullRefresh() async throws {
        let feed = try requireFeed()
        feed.scroll(to: 0)
        try await frames(1)
        for _ in 0..<10 {
            feed.scrollDelta(-30)
            try await frames(1)
        }
        feed.endPull()
        guard feed.model.refresh.isBusy || feed.model.feedState == .refreshing else {
            throw ScriptFailure("the pull did not start a refresh")
        }
        try await frames(1)
    }

    /// One step as pretty-printed JSON; if its state cannot be serialized, an error object in
    /// its place, and the run fails.
    private func serialize(_ step: [String: Any]) -> Data {
        if let data = try? JSONSerialization.data(withJSONObject: step, options: [.prettyPrinted, .sortedKeys]) {
            return data
        }
        reportProblem = "the state after line \(step["line"] ?? 0) could not be serialized"
        let fallback: [String: Any] = [
            "action": step["action"] ?? "", "line": step["line"] ?? 0, "ok": false,
            "error": "the state could not be serialized",
        ]
        return (try? JSONSerialization.data(withJSONObject: fallback, options: [.sortedKeys])) ?? Data("{}".utf8)
    }

    /// Writes the report (`{"steps": [...]}` from the serialized steps); returns what went
    /// wrong, or nil.
    private func writeReport() -> String? {
        var data = Data("{\n\"steps\" : [\n".utf8)
        for (index, step) in steps.enumerated() {
            if index > 0 { data.append(Data(",\n".utf8)) }
            data.append(step)
        }
        data.append(Data("\n]\n}\n".utf8))
        do {
            try FileManager.default.createDirectory(
                at: reportURL.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: reportURL, options: .atomic)
            return nil
        } catch {
            return "cannot write the report \(reportURL.path): \(error.localizedDescription)"
        }
    }
}

extension ScriptAction {
    /// Whether the action is input on the page behind an alert (waits and screenshots are not).
    var actsOnTheScreen: Bool {
        switch self {
        case .wait, .waitIdle, .screenshot, .resize, .waitPosition, .waitPlayerError, .waitOpened, .waitStatus,
            .waitSignal:
            false
        default: true
        }
    }
}

/// Why a script action could not run.
struct ScriptFailure: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
