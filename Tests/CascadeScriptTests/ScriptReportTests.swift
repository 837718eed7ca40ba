import CascadeScript
import Foundation
import Testing

@Suite struct ScriptReportTests {
    static func state(player: Bool) -> ScriptReport.State {
        ScriptReport.State(
            screen: player ? "player" : "feed", channel: 1, carouselPage: player ? nil : 2, carouselAutoAdvancing: true,
            window: .init(mapped: true, minimized: false, active: true), alert: nil, catalogStatus: "Scanning…",
            topBar: ["Cascade", "Scanning…"], catalogStale: false, rssBytes: 123_456,
            frameTimesMs: .init(
                count: 2, p50: 8.5, p95: 17, p99: 17, over16ms: 1, over33ms: 0, samples: [8.5, 17], slow: [[1000, 17]]),
            firstCoverPaintedMs: 412.5, renderer: "GskCairoRenderer",
            visibleItems: [.init(index: 0, id: "a", frame: [4, 4, 100, 160], progress: 0.5, cover: "surface")],
            modelVisibleItems: [.init(index: 0, id: "a", frame: [4, 4, 100, 160])], liveCells: 12, focusedItem: nil,
            bannerFrame: [0, 0, 400, 120], feedOrigin: [0, 35],
            feed: .init(
                state: "failed", items: 20, pagesLoaded: 1, requests: 2, footer: "Tap to retry", refresh: "",
                offset: 100.5, maxOffset: 900),
            feeds: [.init(state: "idle", items: 20, pagesLoaded: 1, requests: 1, channel: "c0", built: true)],
            tabs: .init(
                indicator: [0, 80], selectedTab: [0, 80], stripOffset: 0, stripWidth: 400, frames: [[0, 0, 80, 36]],
                origin: [0, 0]),
            player: .init(
                state: "playing", position: 1.25, duration: 8, fullscreen: false, windowFullscreen: false,
                fullscreenConfirmedBy: nil, title: player ? "A clip" : nil, error: nil, retryVisible: false,
                coverVisible: false, coverLoaded: true, playButtonVisible: false, controlsVisible: true,
                elapsedText: "0:01", pointerHidden: false, totalText: "0:08", volume: 1, brightness: 1,
                history: ["idle", "loading", "playing"], livePipelines: 1, liveEngines: 1, clock: 12.5,
                playButtonFrame: nil, resumeOffer: 3, resumeOfferText: "Resume from 0:03", resumeOfferFocused: true,
                resumeOfferFrame: [1, 2, 3, 4], videoFrame: [0, 0, 640, 360]),
            preview: .init(
                index: nil, state: "idle", enabled: true, started: 0, lastStop: "scrolled", videoShown: false,
                error: nil, framesShown: 0, framePosition: nil, livePipelines: 0),
            opened: [.init(kind: "folder", path: "/tmp/videos")], columns: player ? .auto : .fixed(3),
            catalogProgress: .init(done: 3, total: 28, message: "3 of 28", running: true),
            focus: .init(kind: "item", index: 0, type: "GtkOverlay", frame: [4, 39, 100, 160]))
    }

    @Test func aReportFileRoundTrips() throws {
        let steps = [
            ScriptReport.Step(action: "wait-idle", line: 1, ok: true, state: Self.state(player: false)),
            ScriptReport.Step(
                action: "tap-item 0", line: 3, ok: false, error: "item 0 is not on screen",
                state: Self.state(player: true)),
        ]
        let data = ScriptReport.file(encodedSteps: try steps.map(ScriptReport.encode))
        #expect(try ScriptReport.decode(data) == ScriptReport(steps: steps))
        #expect(try ScriptReport.decode(ScriptReport.file(encodedSteps: [])).steps.isEmpty)
    }

    /// The file written a step at a time holds, after each step, the same bytes as the whole
    /// report written at once, and decodes to the steps so far.
    @Test func aReportWrittenAStepAtATimeIsTheWholeReport() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cascade-report-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("sub/r.json")
        let file = try ScriptReportFile(url: url)
        #expect(try Data(contentsOf: url) == ScriptReport.file(encodedSteps: []))
        var steps: [ScriptReport.Step] = []
        for i in 0..<5 {
            let step = ScriptReport.Step(
                action: "wait-idle", line: i + 1, ok: i != 2, error: i == 2 ? "timed out" : nil,
                state: Self.state(player: i % 2 == 1))
            steps.append(step)
            try file.append(try ScriptReport.encode(step))
            let written = try Data(contentsOf: url)
            #expect(written == ScriptReport.file(encodedSteps: try steps.map(ScriptReport.encode)))
            #expect(try ScriptReport.decode(written) == ScriptReport(steps: steps))
            #expect(file.steps == i + 1)
        }
        try file.finish()
    }

    /// The documented keys (Docs/SCRIPTING.md, and what `scripts/perf_app.py` reads).
    @Test func theFileUsesTheDocumentedKeys() throws {
        let step = ScriptReport.Step(action: "wait-idle", line: 1, ok: true, state: Self.state(player: false))
        let object = try #require(
            try JSONSerialization.jsonObject(with: ScriptReport.encode(step)) as? [String: Any])
        let state = try #require(object["state"] as? [String: Any])
        for key in [
            "screen", "carousel_page", "carousel_auto_advancing", "top_bar", "rss_bytes", "frame_times_ms",
            "first_cover_painted_ms", "visible_items", "model_visible_items", "live_cells", "feed_origin",
            "banner_frame", "catalog_progress", "catalog_status", "catalog_stale",
        ] {
            #expect(state[key] != nil, "\(key)")
        }
        let frames = try #require(state["frame_times_ms"] as? [String: Any])
        #expect(frames["over_16_7"] as? Int == 1)
        #expect(frames["over_33"] as? Int == 0)
        #expect(state["columns"] as? Int == 3)
        let feed = try #require(state["feed"] as? [String: Any])
        #expect(feed["pages_loaded"] as? Int == 1)
        #expect(feed["max_offset"] as? Double == 900)
        // A field without a value is left out.
        #expect(state["alert"] == nil)
    }

    @Test func columnsAreANumberOrAuto() throws {
        let auto = try JSONDecoder().decode([ScriptReport.Columns].self, from: Data("[\"auto\", 4]".utf8))
        #expect(auto == [.auto, .fixed(4)])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([ScriptReport.Columns].self, from: Data("[\"many\"]".utf8))
        }
    }
}
