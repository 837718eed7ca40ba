import CascadeFeed
import CascadeScreens
import CascadeTestSupport
import Foundation
import Testing

/// Whether hover previews are on: `--no-previews`, the remembered preference, Ctrl+Shift+P.
@MainActor
@Suite struct HoverPreviewSettingTests {
    func makeModel(arguments: [String], remembered: Bool) throws -> (AppModel, AppModelTests.SpyHost) {
        let model = AppModel(
            options: try LaunchOptions.parse(arguments),
            cacheDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("unused-\(UUID())"),
            source: ChannelSource(
                channelList: { ChannelListDecoder.ChannelList(channels: []) },
                loader: { _ in ScriptedFeedLoader(items: []) }),
            hoverPreviews: remembered)
        let host = AppModelTests.SpyHost()
        model.host = host
        return (model, host)
    }

    @Test func theFlagAndThePreferenceEachTurnPreviewsOff() throws {
        #expect(try LaunchOptions.parse([]).previews)
        #expect(try !LaunchOptions.parse(["--no-previews"]).previews)
        #expect(try makeModel(arguments: [], remembered: true).0.hoverPreviews)
        #expect(try !makeModel(arguments: [], remembered: false).0.hoverPreviews)
        #expect(try !makeModel(arguments: ["--no-previews"], remembered: true).0.hoverPreviews)
        #expect(LaunchOptions.usage.contains("--no-previews"))
    }

    @Test func ctrlShiftPTogglesAndRemembers() throws {
        let (model, host) = try makeModel(arguments: [], remembered: true)
        #expect(model.handleKey("P", modifiers: [.control, .shift]))
        #expect(!model.hoverPreviews)
        #expect(host.calls == [.showHoverPreviews(false), .rememberHoverPreviews(false)])
        #expect(model.handleKey("p", modifiers: [.control, .shift]))
        #expect(model.hoverPreviews)
        #expect(host.calls.suffix(2) == [.showHoverPreviews(true), .rememberHoverPreviews(true)])
        // Without Shift, or on the player page, P is not the shortcut.
        #expect(AppKeyCommand.command(forKey: "p", modifiers: [.control], in: .feed) == nil)
        #expect(AppKeyCommand.command(forKey: "P", modifiers: [.control, .shift], in: .player) == nil)
    }
}
