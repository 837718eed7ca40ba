import CascadeFeed
import CascadeScreens
import Foundation

/// The state written after each script step (the report of Docs/SCRIPTING.md), as a JSON-ready value.
@MainActor
enum StateReport {
    /// The state of `app` now.
    static func capture(_ app: AppWindow) -> [String: Any] {
        let frames = app.frameStats.drain()
        var state: [String: Any] = [
            "screen": app.screen.rawValue,
            "channel": app.channelPager?.model.selectedIndex ?? 0,
            "carousel_page": app.feed?.banner?.currentPage as Any? ?? NSNull(),
            "carousel_auto_advancing": app.feed?.banner?.isAutoAdvancing ?? false,
            "window": [
                "mapped": app.presence.isMapped, "minimized": app.presence.isMinimized,
                "active": app.presence.isActive,
            ],
            "alert": app.alert.text ?? NSNull(),
            "catalog_status": app.catalogStatus ?? NSNull(),
            "top_bar": app.topBarTexts,
            "catalog_stale": app.catalogStale,
            "rss_bytes": residentBytes(),
            "frame_times_ms": [
                "count": frames.count, "p50": round3(frames.p50), "p95": round3(frames.p95), "p99": round3(frames.p99),
                "over_16_7": frames.over16_7, "over_33": frames.over33,
                "samples": frames.sorted.map(round2),
                // [start on CLOCK_MONOTONIC, duration] of each frame over 16.7 ms, in order.
                "slow": frames.slowFrames.map { [round2($0.start), round2($0.duration)] },
            ],
            "first_cover_painted_ms": StartupTiming.firstCoverPaintedMs.map(round3) as Any? ?? NSNull(),
            "renderer": CoverSurfaceView.rendererName(of: app.window) ?? NSNull(),
        ]
        if let feed = app.feed {
            // What is drawn (the cell widgets on screen), and what the model counts as visible.
            // Drawn cells also say what their cover's progress bar shows (null: no bar).
            state["visible_items"] = itemList(feed.drawnItems) { index in
                let cell = feed.cell(forItem: index)
                return [
                    "progress": cell?.drawnProgress.map { round3($0) as Any } ?? NSNull(),
                    "cover": cell?.coverDrawing ?? NSNull(),
                ]
            }
            state["model_visible_items"] = itemList(feed.modelVisibleItems)
            state["live_cells"] = feed.liveCells
            state["focused_item"] = feed.focusedItem ?? NSNull()
            if let banner = feed.model.bannerFrame {
                state["banner_frame"] = [
                    round3(banner.minX), round3(banner.minY), round3(banner.width), round3(banner.height),
                ]
            }
            let origin = feed.contentOrigin(in: app.window)
            state["feed_origin"] = [round3(origin.x), round3(origin.y)]
            var summary = feedSummary(feed.model)
            // The texts as drawn: translated for the user's language.
            summary["footer"] = Localization.text(feed.model.footerText)
            summary["refresh"] = Localization.text(feed.model.refreshText)
            summary["offset"] = round3(feed.offset)
            summary["max_offset"] = round3(feed.maxOffset)
            state["feed"] = summary
            if let pager = app.channelPager {
                state["feeds"] = pager.model.channels.indices.map { index -> [String: Any] in
                    var entry = feedSummary(pager.model.feed(at: index))
                    entry["channel"] = pager.model.channels[index].id
                    entry["built"] = pager.pages[index] != nil
                    return entry
                }
                if let frame = pager.indicatorFrame, let tab = pager.tabStripFrames[safe: pager.model.selectedIndex] {
                    state["tabs"] = [
                        "indicator": [round3(frame.minX), round3(frame.width)],
                        "selected_tab": [round3(tab.minX), round3(tab.width)],
                        "strip_offset": round3(pager.stripOffset), "strip_width": round3(pager.stripWidth),
                        "frames": pager.tabStripFrames.map {
                            [round3($0.minX), round3($0.minY), round3($0.width), round3($0.height)]
                        },
                        "origin": [
                            round3(pager.stripOrigin(in: app.window).x), round3(pager.stripOrigin(in: app.window).y),
                        ],
                    ]
                }
            }
        } else {
            state["visible_items"] = [Any]()
            state["model_visible_items"] = [Any]()
            state["live_cells"] = 0
            state["focused_item"] = NSNull()
            var summary = feedSummary(nil)
            summary["state"] = app.isLoadingChannels ? "refreshing" : "idle"
            state["feed"] = summary
            state["feeds"] = [Any]()
        }
        state["player"] = app.playerPage.reportState(includeTitle: app.screen == .player)
        state["preview"] = app.previews.reportState
        state["opened"] = app.opened.map { ["kind": $0.kind, "path": $0.url.path] }
        state["columns"] = app.columns.map { $0 as Any } ?? "auto"
        state["catalog_progress"] = app.catalogProgress ?? NSNull()
        state["focus"] = focus(app)
        return state
    }

    private static func itemList(
        _ items: [(index: Int, item: VideoItem, frame: CGRect)], extra: ((Int) -> [String: Any])? = nil
    ) -> [[String: Any]] {
        items.map { entry in
            let f = entry.frame
            var result: [String: Any] = [
                "index": entry.index, "id": entry.item.id,
                "frame": [round3(f.minX), round3(f.minY), round3(f.width), round3(f.height)],
            ]
            if let extra { result.merge(extra(entry.index)) { _, new in new } }
            return result
        }
    }

    private static func feedSummary(_ model: FeedScreenModel?) -> [String: Any] {
        guard let model else { return ["state": "idle", "items": 0, "pages_loaded": 0, "requests": 0] }
        let snapshot = model.pager.snapshot
        return [
            "state": snapshot.state.name, "items": snapshot.items.count, "pages_loaded": snapshot.pagesLoaded,
            "requests": snapshot.requestCount,
        ]
    }

    /// The resident set size of this process, from /proc/self/statm.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    private static func round3(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
    private static func round3(_ value: CGFloat) -> Double { round3(Double(value)) }
    private static func round2(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
