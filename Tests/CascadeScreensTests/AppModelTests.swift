import CascadeFeed
import CascadeScreens
import CascadeTestSupport
import Foundation
import Testing

/// The app window's logic against a spy host: channel loading, alerts and retry, navigation,
/// banners, keys; every test compares the whole ordered call sequence.
@MainActor
@Suite struct AppModelTests {
    /// A host that records what it is told, in order.
    final class SpyHost: AppHosting {
        enum Call: Equatable {
            case showChannels([String], selected: Int)
            case alert(String)
            case hideAlert
            case player(String)
            case channelPage
            case banner(Int?)
            case scroll(FeedScrollCommand)
            case switchChannel(forward: Bool)
            case rememberChannel(String, isFirst: Bool)
            case rememberColumns(Int?)
            case showHoverPreviews(Bool)
            case rememberHoverPreviews(Bool)
            case startSearch
            case adjustPlayback(PlaybackAdjustment)
            case moveToVideo(String, PlayerQueue.Step)
        }

        var calls: [Call] = []

        func showChannels(_ pager: ChannelPagerModel, selected: Int) {
            calls.append(.showChannels(pager.channels.map(\.id), selected: selected))
        }
        func showAlert(_ alert: FeedAlert) { calls.append(.alert(alert.title)) }
        func hideAlert() { calls.append(.hideAlert) }
        func showPlayer(_ item: VideoItem) { calls.append(.player(item.id)) }
        func showChannelPage() { calls.append(.channelPage) }
        func runBanner(ofChannel index: Int?) { calls.append(.banner(index)) }
        func scrollFeed(_ command: FeedScrollCommand) { calls.append(.scroll(command)) }
        func switchChannel(forward: Bool) { calls.append(.switchChannel(forward: forward)) }
        func rememberChannel(_ channel: Channel, isFirst: Bool) {
            calls.append(.rememberChannel(channel.id, isFirst: isFirst))
        }
        func rememberColumns(_ columns: Int?) { calls.append(.rememberColumns(columns)) }
        func showHoverPreviews(_ enabled: Bool) { calls.append(.showHoverPreviews(enabled)) }
        func rememberHoverPreviews(_ enabled: Bool) { calls.append(.rememberHoverPreviews(enabled)) }
        func startSearch() { calls.append(.startSearch) }
        func adjustPlayback(_ adjustment: PlaybackAdjustment) { calls.append(.adjustPlayback(adjustment)) }
        func moveToVideo(_ item: VideoItem, step: PlayerQueue.Step) { calls.append(.moveToVideo(item.id, step)) }
    }

    /// Channel list answers given in order, one per load.
    final class ChannelAnswers: @unchecked Sendable {
        private let lock = NSLock()
        private var answers: [Result<[Channel], FeedError>]
        private(set) var loads = 0

        init(_ answers: [Result<[Channel], FeedError>]) { self.answers = answers }

        func next() throws -> ChannelListDecoder.ChannelList {
            lock.lock()
            defer { lock.unlock() }
            loads += 1
            let channels = try (answers.isEmpty ? .success([]) : answers.removeFirst()).get()
            return ChannelListDecoder.ChannelList(channels: channels, droppedCount: dropped)
        }

        /// Channels reported as left out over the cap.
        var dropped = 0
    }

    /// Feeds persist their first page here; removed when the test ends.
    let cacheDirectory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "cascade-app-model-\(UUID().uuidString)")

    init() {}

    func removeCache() {
        try? FileManager.default.removeItem(at: cacheDirectory)
    }

    nonisolated static let channels = [Channel(id: "a", title: "Alpha"), Channel(id: "b", title: "Beta")]

    func makeModel(
        _ answers: [Result<[Channel], FeedError>], lastChannel: String? = nil, preferredColumns: Int? = nil,
        loader: @escaping @Sendable (Channel) throws -> any FeedLoading = { _ in ScriptedFeedLoader(items: []) }
    ) throws -> (AppModel, SpyHost, ChannelAnswers) {
        var options = LaunchOptions()
        options.source = .demoCatalog(directory: nil)
        let answers = ChannelAnswers(answers)
        let model = AppModel(
            options: options, cacheDirectory: cacheDirectory,
            source: ChannelSource(channelList: { try answers.next() }, loader: loader),
            preferredColumns: preferredColumns, lastChannel: lastChannel)
        let host = SpyHost()
        model.host = host
        return (model, host, answers)
    }

    @Test func loadedChannelsShowTheChannelPageAndTheFirstTitle() async throws {
        defer { removeCache() }
        let (model, host, _) = try makeModel([.success(Self.channels)])
        await model.loadChannels()
        #expect(host.calls == [.showChannels(["a", "b"], selected: 0)])
        #expect(model.channels == Self.channels)
        #expect(!model.isLoadingChannels)
        model.channelSelected(1)
        // The top bar does not repeat the tab's title: a channel change sends no subtitle.
        #expect(
            host.calls == [.showChannels(["a", "b"], selected: 0), .banner(1), .rememberChannel("b", isFirst: false)])
    }

    @Test func aFailedLoadAlertsAndDismissingRetries() async throws {
        defer { removeCache() }
        let (model, host, answers) = try makeModel([.failure(.timedOut), .success(Self.channels)])
        await model.loadChannels()
        #expect(host.calls == [.alert("Loading timed out")])
        #expect(model.alert?.message == "Please check your network")
        #expect(model.pager == nil)
        // Keys other than Esc/Enter do nothing while the alert is up.
        #expect(!model.handleKey("Page_Down", modifiers: []))
        #expect(model.handleKey("Return", modifiers: []))
        #expect(model.alert == nil)
        #expect(host.calls == [.alert("Loading timed out"), .hideAlert])
        // The retry runs as a task.
        #expect(await waitUntil { model.pager != nil })
        #expect(answers.loads == 2)
        #expect(
            host.calls == [
                .alert("Loading timed out"), .hideAlert, .showChannels(["a", "b"], selected: 0),
            ])
        model.dismissAlert()  // nothing shown: nothing happens
        #expect(host.calls.count == 3)
    }

    @Test func anEmptyCatalogSaysSoWithoutRetrying() async throws {
        defer { removeCache() }
        let (model, host, answers) = try makeModel([.success([])])
        await model.loadChannels()
        #expect(host.calls == [.alert("No channels")])
        model.dismissAlert()
        #expect(host.calls == [.alert("No channels"), .hideAlert])
        // Nothing was scheduled: no task can load again.
        #expect(!model.isLoadingChannels)
        #expect(answers.loads == 1)
    }

    @Test func openingAVideoAndComingBack() async throws {
        defer { removeCache() }
        let (model, host, _) = try makeModel([.success(Self.channels)])
        await model.loadChannels()
        host.calls.removeAll()
        let item = FeedFixtures.item(3)
        model.open(item)
        #expect(model.screen == .player)
        // Feed keys do not reach the feed behind the player; Esc goes back.
        #expect(!model.handleKey("Page_Down", modifiers: []))
        #expect(model.handleKey("Escape", modifiers: []))
        #expect(model.screen == .feed)
        model.back()  // already on the feed
        #expect(host.calls == [.banner(nil), .player(item.id), .channelPage, .banner(0)])
        // While the player is shown, a channel change keeps every banner still.
        model.open(item)
        model.channelSelected(1)
        #expect(host.calls.suffix(3) == [.player(item.id), .banner(nil), .rememberChannel("b", isFirst: false)])
        #expect(model.handleKey("Left", modifiers: .alt))
        #expect(model.screen == .feed)
    }

    @Test func thePlayerPagesThroughTheFeedItWasOpenedFrom() async throws {
        defer { removeCache() }
        let (model, host, _) = try makeModel([.success(Self.channels)])
        await model.loadChannels()
        let items = FeedFixtures.items(0..<3)
        host.calls.removeAll()
        model.open(items[1], in: items)
        #expect(model.canPerform(.moveVideo(forward: true)) && model.canPerform(.moveVideo(forward: false)))
        #expect(model.handleKey("Page_Down", modifiers: []))
        // At the last item: no next, so PgDn and N do nothing and the end of the video stops.
        #expect(!model.canPerform(.moveVideo(forward: true)))
        #expect(!model.handleKey("n", modifiers: []))
        #expect(model.videoEnded(autoplayNext: true) == .stop)
        #expect(model.handleKey("p", modifiers: []))
        #expect(model.handleKey("Prior", modifiers: []))
        #expect(model.videoEnded(autoplayNext: false) == .stop)
        #expect(model.videoEnded(autoplayNext: true) == .advance)
        #expect(model.playerQueue?.current.id == "i-1")
        #expect(
            host.calls == [
                .banner(nil), .player("i-1"), .moveToVideo("i-2", .forward), .moveToVideo("i-1", .backward),
                .moveToVideo("i-0", .backward), .moveToVideo("i-1", .forward),
            ])
        // Back on the feed the keys are the feed's again, and the queue says where the user was.
        model.back()
        #expect(model.moveVideo(.forward) == nil)
        #expect(model.videoEnded(autoplayNext: true) == .stop)
        #expect(model.playerQueue?.current.id == "i-1")
    }

    @Test func theBannerRunsOnlyWhileTheWindowIsInTheForeground() async throws {
        defer { removeCache() }
        let (model, host, _) = try makeModel([.success(Self.channels)])
        await model.loadChannels()
        host.calls.removeAll()
        // A golden table: each presence change → the banner allowed to run (channel 0 shown).
        let table: [(WindowPresence, Int?)] = [
            (WindowPresence(isActive: false), nil),
            (WindowPresence(), 0),
            (WindowPresence(isMinimized: true, isActive: false), nil),
            (WindowPresence(isMapped: false), nil),
            (WindowPresence(isMapped: true), 0),
        ]
        for (presence, banner) in table {
            model.windowPresenceChanged(presence)
            #expect(host.calls.last == .banner(banner), "\(presence)")
        }
        // An unchanged presence tells the host nothing.
        let count = host.calls.count
        model.windowPresenceChanged(WindowPresence())
        #expect(host.calls.count == count)
        // In the background, a channel change and a return from the player keep banners still.
        model.windowPresenceChanged(WindowPresence(isActive: false))
        model.channelSelected(1)
        #expect(host.calls.suffix(2) == [.banner(nil), .rememberChannel("b", isFirst: false)])
        model.open(FeedFixtures.item(1))
        model.back()
        #expect(host.calls.last == .banner(nil))
        // Back in the foreground: the banner of the channel the pager shows runs again.
        model.windowPresenceChanged(WindowPresence())
        #expect(host.calls.last == .banner(model.pager?.selectedIndex))
    }

    @Test func feedKeysScrollAndSwitchChannelsOnlyOnceChannelsLoaded() async throws {
        defer { removeCache() }
        let (model, host, _) = try makeModel([.success(Self.channels)])
        #expect(!model.handleKey("Page_Down", modifiers: []))
        await model.loadChannels()
        host.calls.removeAll()
        #expect(model.handleKey("Page_Down", modifiers: []))
        #expect(model.handleKey("Prior", modifiers: []))
        #expect(model.handleKey("Home", modifiers: []))
        #expect(model.handleKey("End", modifiers: []))
        #expect(model.handleKey("Tab", modifiers: .control))
        #expect(model.handleKey("Tab", modifiers: [.control, .shift]))
        #expect(!model.handleKey("a", modifiers: []))
        #expect(
            host.calls == [
                .scroll(.pageDown), .scroll(.pageUp), .scroll(.top), .scroll(.bottom), .switchChannel(forward: true),
                .switchChannel(forward: false),
            ])
    }

    @Test func theFirstChannelAloneShowsTheBannerAndFeedsPersistPerSourceAndChannel() async throws {
        defer { removeCache() }
        let (model, _, _) = try makeModel([.success(Self.channels)])
        await model.loadChannels()
        #expect(model.showsBanner(Self.channels[0]))
        #expect(!model.showsBanner(Self.channels[1]))
        #expect(model.makeFeed(for: Self.channels[0]).configuration.showsBanner)
        #expect(!model.makeFeed(for: Self.channels[1]).configuration.showsBanner)
        #expect(model.pageCacheKey(for: Self.channels[1]) == "demo-default-b")
        let a = AppModel.catalogKey(for: .http("http://x/feed?page={page}"))
        let b = AppModel.catalogKey(for: .server("http://x/feed?page={page}"))
        let c = AppModel.catalogKey(for: .http("http://y/feed"))
        #expect(a == b && a != c && a.hasPrefix("http-"))
        #expect(
            AppModel.catalogKey(for: .demoCatalog(directory: "/d1"))
                != AppModel.catalogKey(for: .demoCatalog(directory: "/d2")))
    }

    @Test func theRememberedChannelIsShownFirstAndDroppedChannelsAreMentioned() async throws {
        defer { removeCache() }
        let (model, host, answers) = try makeModel([.success(Self.channels)], lastChannel: "b")
        answers.dropped = 3
        await model.loadChannels()
        #expect(host.calls.count == 2)
        #expect(host.calls.first == .showChannels(["a", "b"], selected: 1))
        #expect(host.calls.last == .alert("Too many channels"))
        #expect(model.alert?.message.contains("3 more") == true)
    }

    @Test func columnsComeFromTheRunThenTheOptionsThenThePreferences() async throws {
        defer { removeCache() }
        let (model, host, _) = try makeModel([.success(Self.channels)], preferredColumns: 4)
        #expect(model.columns == 4)
        model.setColumns(3)  // before the channels loaded: remembered, nothing rebuilt
        #expect(host.calls == [.rememberColumns(3)])
        await model.loadChannels()
        #expect(model.makeFeed(for: Self.channels[0]).configuration.columns == .fixed(3))
        host.calls.removeAll()
        let before = model.pager
        // Ctrl + '+' from 3 fixed columns: 4, and the pages are rebuilt on the channel shown.
        #expect(model.handleKey("plus", modifiers: .control, shownColumns: 3))
        #expect(model.columns == 4)
        #expect(model.pager !== before)
        #expect(host.calls == [.rememberColumns(4), .showChannels(["a", "b"], selected: 0)])
        #expect(model.handleKey("0", modifiers: .control))
        #expect(model.columns == nil)
        #expect(model.makeFeed(for: Self.channels[0]).configuration.columns == .adaptive(minimumWidth: 170))
    }

    @Test func aReloadAbandonsTheLoadInFlightAndLeavesThePlayer() async throws {
        defer { removeCache() }
        let (model, host, _) = try makeModel([.success(Self.channels)])
        await model.loadChannels()
        model.open(FeedFixtures.item(1))
        host.calls.removeAll()
        let other = [Channel(id: "z", title: "Zed")]
        model.reload(
            source: ChannelSource(
                channelList: { ChannelListDecoder.ChannelList(channels: other, droppedCount: 0) },
                loader: { _ in ScriptedFeedLoader(items: []) }), key: "folder-x")
        #expect(model.screen == .feed)
        #expect(model.channels.isEmpty && model.isLoadingChannels)
        #expect(await waitUntil { !model.isLoadingChannels })
        #expect(model.channels == other)
        #expect(model.pageCacheKey(for: other[0]) == "folder-x-z")
        #expect(host.calls == [.channelPage, .banner(0), .showChannels(["z"], selected: 0)])
    }

    @Test func aFeedAlertShowsOnlyForTheShownChannelAndOneAtATime() async throws {
        defer { removeCache() }
        let (model, host, _) = try makeModel(
            [.success(Self.channels)], loader: { _ in ScriptedFeedLoader { _, _ in .failure(.offline) } })
        await model.loadChannels()
        let pager = try #require(model.pager)
        pager.start()
        let shown = try #require(pager.feed(at: 0))
        #expect(await waitUntil { shown.alert != nil })
        host.calls.removeAll()
        let other = try #require(pager.feed(at: 1))
        #expect(await waitUntil { other.alert != nil })
        model.feedChromeChanged(other)  // not the shown channel
        #expect(host.calls.isEmpty)
        model.feedChromeChanged(shown)
        model.feedChromeChanged(shown)  // already shown: once
        #expect(host.calls == [.alert("Please check your network")])
        #expect(model.handleKey("Escape", modifiers: []))
        #expect(host.calls == [.alert("Please check your network"), .hideAlert])
        #expect(shown.alert == nil)
    }
}

@Suite struct AppKeyCommandTests {
    /// (key, modifiers, context, command).
    static let golden: [(String, KeyModifiers, AppKeyCommand.Context, AppKeyCommand?)] = [
        ("Escape", [], .alert, .dismissAlert), ("Return", [], .alert, .dismissAlert),
        ("KP_Enter", [], .alert, .dismissAlert), ("Page_Down", [], .alert, nil),
        ("Escape", [], .player, .back), ("BackSpace", [], .player, .back), ("Left", .alt, .player, .back),
        ("Left", [], .player, nil), ("space", [], .player, nil),
        ("bracketright", [], .player, .adjustPlayback(.faster)), ("bracketleft", [], .player, .adjustPlayback(.slower)),
        ("period", [], .player, .adjustPlayback(.nextFrame)), ("comma", [], .player, .adjustPlayback(.previousFrame)),
        ("bracketright", .control, .player, nil), ("comma", .alt, .player, nil), ("bracketright", [], .feed, nil),
        ("period", [], .alert, nil),
        ("Page_Down", [], .feed, .scroll(.pageDown)), ("Next", [], .feed, .scroll(.pageDown)),
        ("Page_Up", [], .feed, .scroll(.pageUp)), ("KP_Prior", [], .feed, .scroll(.pageUp)),
        ("Home", [], .feed, .scroll(.top)), ("End", [], .feed, .scroll(.bottom)),
        ("Tab", .control, .feed, .switchChannel(forward: true)),
        ("Tab", [.control, .shift], .feed, .switchChannel(forward: false)),
        ("ISO_Left_Tab", [.control, .shift], .feed, .switchChannel(forward: false)),
        ("Page_Down", .control, .feed, .switchChannel(forward: true)),
        ("Page_Up", .control, .feed, .switchChannel(forward: false)),
        ("plus", .control, .feed, .columns(.more)), ("minus", .control, .feed, .columns(.fewer)),
        ("0", .control, .feed, .columns(.adaptive)), ("plus", [], .feed, nil), ("plus", .control, .player, nil),
        ("Tab", [], .feed, nil), ("Escape", [], .feed, nil), ("Down", [], .feed, nil), ("Return", [], .feed, nil),
        ("Page_Down", [], .player, .moveVideo(forward: true)), ("KP_Next", [], .player, .moveVideo(forward: true)),
        ("n", [], .player, .moveVideo(forward: true)), ("N", .shift, .player, .moveVideo(forward: true)),
        ("Page_Up", [], .player, .moveVideo(forward: false)), ("p", [], .player, .moveVideo(forward: false)),
        ("Page_Down", .control, .player, nil), ("n", .control, .player, nil), ("n", [], .feed, nil),
        ("n", [], .alert, nil),
    ]

    @Test func goldenTable() {
        for (key, modifiers, context, expected) in Self.golden {
            #expect(
                AppKeyCommand.command(forKey: key, modifiers: modifiers, in: context) == expected,
                "\(key) \(modifiers) in \(context)")
        }
    }

    @Test func pageKeysMoveNineTenthsOfTheViewportWithinTheContent() {
        #expect(FeedScrollCommand.pageDown.targetOffset(from: 100, viewportHeight: 600, maxOffset: 5_000) == 640)
        #expect(FeedScrollCommand.pageUp.targetOffset(from: 700, viewportHeight: 600, maxOffset: 5_000) == 160)
        #expect(FeedScrollCommand.pageUp.targetOffset(from: 100, viewportHeight: 600, maxOffset: 5_000) == 0)
        #expect(FeedScrollCommand.pageDown.targetOffset(from: 4_900, viewportHeight: 600, maxOffset: 5_000) == 5_000)
        #expect(FeedScrollCommand.top.targetOffset(from: 900, viewportHeight: 600, maxOffset: 5_000) == 0)
        #expect(FeedScrollCommand.bottom.targetOffset(from: 0, viewportHeight: 600, maxOffset: 5_000) == 5_000)
        #expect(FeedScrollCommand.bottom.targetOffset(from: 0, viewportHeight: 600, maxOffset: -3) == 0)
        #expect(FeedScrollCommand.pageDown.targetOffset(from: .nan, viewportHeight: .infinity, maxOffset: 50) == 0)
    }
}
