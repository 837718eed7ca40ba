import CGtk
import CascadeFeed
import CascadeGTK
import CascadeScreens
import CascadeScript
import Foundation

/// Builds the state written after each script step (`ScriptReport.State`, Docs/SCRIPTING.md)
/// from what the window draws.
@MainActor
enum StateReport {
    /// The state of `app` now; `frames` are the wall times of those painted since the last step,
    /// `cpu` their main-thread CPU times and `slowest` the slowest of those split by phase.
    static func capture(
        _ app: AppWindow, frames: FrameTimeSummary, cpu: FrameTimeSummary, slowest: [FrameStats.Phases]
    ) -> ScriptReport.State {
        let feed = app.feed
        let pager = app.channelPager
        var summary = feedSummary(feed?.model)
        if let feed {
            // The texts as drawn: translated for the user's language.
            summary.footer = Localization.text(feed.model.footerText)
            summary.refresh = Localization.text(feed.model.refreshText)
            summary.offset = round3(feed.offset)
            summary.maxOffset = round3(feed.maxOffset)
        } else if app.isLoadingChannels {
            summary.state = "refreshing"
        }
        var state = ScriptReport.State(
            screen: app.screen.rawValue, channel: pager?.model.selectedIndex ?? 0,
            carouselPage: feed?.banner?.currentPage, carouselAutoAdvancing: feed?.banner?.isAutoAdvancing ?? false,
            window: .init(
                mapped: app.presence.isMapped, minimized: app.presence.isMinimized, active: app.presence.isActive),
            alert: app.alert.text, catalogStatus: app.catalogStatus, topBar: app.topBarTexts,
            catalogStale: app.catalogStale, rssBytes: residentBytes(), frameTimesMs: frameTimes(frames),
            firstCoverPaintedMs: StartupTiming.firstCoverPaintedMs.map(round3),
            renderer: Renderer.name(of: app.window),
            visibleItems: feed.map(drawnItems) ?? [],
            modelVisibleItems: feed.map { items($0.modelVisibleItems) } ?? [],
            liveCells: feed?.liveCells ?? 0, focusedItem: feed?.focusedItem,
            bannerFrame: feed?.model.bannerFrame.map(frame),
            feedOrigin: feed.map { feed in
                let origin = feed.contentOrigin(in: app.window)
                return [round3(origin.x), round3(origin.y)]
            },
            feed: summary, feeds: feed == nil ? [] : channelFeeds(pager), tabs: feed == nil ? nil : tabs(pager, app),
            player: player(app.playerPage, includeTitle: app.screen == .player), preview: preview(app.previews),
            opened: app.opened.map { .init(kind: $0.kind, path: $0.url.path) },
            columns: app.columns.map { .fixed($0) } ?? .auto,
            catalogProgress: app.catalogProgress.map {
                .init(done: $0.done, total: $0.total, message: $0.message, running: $0.running)
            },
            focus: focus(app))
        state.toasts = app.toasts.shown.isEmpty ? nil : app.toasts.shown
        state.preferencesCache = app.cacheRow.map {
            .init(
                size: $0.sizeText, clearFrame: $0.clearFrame.map { $0.map(round3) }, toasts: $0.toasts,
                imageLimit: "\(app.imageCacheMegabytes) MB")
        }
        state.preferencesFolder = app.folderRow.map {
            let frames = $0.buttonFrames
            return .init(
                folder: $0.folder, chooseFrame: frames.choose.map { $0.map(round3) },
                resetFrame: frames.reset.map { $0.map(round3) })
        }
        state.frameCpuMs = .init(
            count: cpu.count, p50: round3(cpu.p50), p95: round3(cpu.p95), p99: round3(cpu.p99),
            max: round3(cpu.sorted.last ?? 0), samples: cpu.sorted.map(round2),
            slowest: slowest.isEmpty
                ? nil
                : slowest.map {
                    .init(
                        between: round2($0.between), update: round2($0.update), layout: round2($0.layout),
                        paint: round2($0.paint), rest: round2($0.rest))
                })
        state.search = app.search.isOpen ? app.search.query : nil
        state.bannerCover = feed?.banner?.coverDrawing
        state.statusPage = app.shownStatusPage.flatMap { view in
            view.shown.map { page in
                ScriptReport.StatusPage(
                    kind: page.kind, title: Localization.text(page.title),
                    description: Localization.text(page.description),
                    action: page.actionLabel.map(Localization.text),
                    actionFrame: view.buttonFrame(in: app.window)?.map(round3))
            }
        }
        return state
    }

    // MARK: Feed

    /// The drawn cells, with what their cover's progress bar shows (nil: no bar) and how their
    /// cover is drawn.
    private static func drawnItems(_ feed: FeedView) -> [ScriptReport.Item] {
        items(feed.drawnItems).map { item in
            var item = item
            let cell = feed.cell(forItem: item.index)
            item.progress = cell?.drawnProgress.map(round3)
            item.cover = cell?.coverDrawing
            item.coverHeight = cell.map { round3(Double($0.geometry.cover.height)) }
            return item
        }
    }

    private static func items(_ entries: [(index: Int, item: VideoItem, frame: CGRect)]) -> [ScriptReport.Item] {
        entries.map { .init(index: $0.index, id: $0.item.id, frame: frame($0.frame)) }
    }

    private static func feedSummary(_ model: FeedScreenModel?) -> ScriptReport.Feed {
        guard let model else { return .init(state: "idle", items: 0, pagesLoaded: 0, requests: 0) }
        // The state and items shown: a page waiting for its titles to be measured is not yet.
        let snapshot = model.pager.snapshot
        return .init(
            state: model.feedState.name, items: model.items.count, pagesLoaded: snapshot.pagesLoaded,
            requests: snapshot.requestCount)
    }

    private static func channelFeeds(_ pager: ChannelPagerView?) -> [ScriptReport.Feed] {
        guard let pager else { return [] }
        return pager.model.channels.indices.map { index in
            var entry = feedSummary(pager.model.feed(at: index))
            entry.channel = pager.model.channels[index].id
            entry.built = pager.pages[index] != nil
            return entry
        }
    }

    private static func tabs(_ pager: ChannelPagerView?, _ app: AppWindow) -> ScriptReport.Tabs? {
        guard let pager, let indicator = pager.indicatorFrame,
            pager.tabStripFrames.indices.contains(pager.model.selectedIndex)
        else { return nil }
        let tab = pager.tabStripFrames[pager.model.selectedIndex]
        let origin = pager.stripOrigin(in: app.window)
        return .init(
            indicator: [round3(indicator.minX), round3(indicator.width)],
            selectedTab: [round3(tab.minX), round3(tab.width)], stripOffset: round3(pager.stripOffset),
            stripWidth: round3(pager.stripWidth), frames: pager.tabStripFrames.map(frame),
            origin: [round3(origin.x), round3(origin.y)])
    }

    // MARK: Frames and memory

    private static func frameTimes(_ frames: FrameTimeSummary) -> ScriptReport.FrameTimes {
        .init(
            count: frames.count, p50: round3(frames.p50), p95: round3(frames.p95), p99: round3(frames.p99),
            over16ms: frames.over16_7, over33ms: frames.over33, samples: frames.sorted.map(round2),
            slow: frames.slowFrames.map { [round2($0.start), round2($0.duration)] })
    }

    /// The resident set size of this process, from /proc/self/statm.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    // MARK: Rounding

    static func frame(_ rect: CGRect) -> [Double] {
        [round3(rect.minX), round3(rect.minY), round3(rect.width), round3(rect.height)]
    }

    static func round3(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
    static func round3(_ value: CGFloat) -> Double { round3(Double(value)) }
    private static func round2(_ value: Double) -> Double { (value * 100).rounded() / 100 }
}
