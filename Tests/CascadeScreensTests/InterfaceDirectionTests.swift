import CascadeFeed
import CascadeLayout
import CascadeScreens
import CascadeTestSupport
import Foundation
import Testing

@Suite struct InterfaceDirectionTests {
    @Test(arguments: [
        (["LANG": "ar_EG.UTF-8"], LayoutDirection.rightToLeft),
        (["LANG": "he_IL.UTF-8"], .rightToLeft),
        (["LANG": "fa_IR"], .rightToLeft),
        (["LANG": "ur_PK.UTF-8@latin"], .rightToLeft),
        (["LANG": "en_US.UTF-8"], .leftToRight),
        (["LANG": "zh_CN.UTF-8"], .leftToRight),
        ([:], .leftToRight),
        (["LANG": "C.UTF-8"], .leftToRight),
        (["LANG": "POSIX"], .leftToRight),
        (["LANG": ""], .leftToRight),
    ])
    func theLanguageDecides(environment: [String: String], direction: LayoutDirection) {
        #expect(InterfaceDirection.layoutDirection(environment: environment) == direction)
    }

    @Test func gettextsOrderOfVariablesIsFollowed() {
        // LC_ALL wins over LC_MESSAGES, which wins over LANG.
        #expect(InterfaceDirection.language(environment: ["LC_ALL": "he_IL.UTF-8", "LANG": "en_US.UTF-8"]) == "he")
        #expect(InterfaceDirection.language(environment: ["LC_MESSAGES": "ar_EG", "LANG": "en_US.UTF-8"]) == "ar")
        #expect(InterfaceDirection.language(environment: ["LC_ALL": "", "LANG": "ar_EG.UTF-8"]) == "ar")
        // LANGUAGE's first entry wins when a locale is set…
        #expect(InterfaceDirection.language(environment: ["LANGUAGE": "ar:en", "LANG": "en_US.UTF-8"]) == "ar")
        #expect(InterfaceDirection.language(environment: ["LANGUAGE": ":he_IL", "LANG": "en_US.UTF-8"]) == "he")
        // …and is ignored, as gettext does, in the C locale or without one.
        #expect(InterfaceDirection.language(environment: ["LANGUAGE": "ar", "LANG": "C"]) == nil)
        #expect(InterfaceDirection.language(environment: ["LANGUAGE": "ar"]) == nil)
    }
}

@Suite struct LayoutDirectionMirroringTests {
    @Test func aStripsFramesArePlacedFromTheTrailingEndRightToLeft() {
        let frames = [CGRect(x: 8, y: 0, width: 50, height: 30), CGRect(x: 62, y: 0, width: 40, height: 30)]
        let ltr = LayoutDirection.leftToRight.placed(frames, contentWidth: 110, visibleWidth: 300)
        #expect(ltr.frames == frames && ltr.width == 110)
        let rtl = LayoutDirection.rightToLeft.placed(frames, contentWidth: 110, visibleWidth: 300)
        #expect(rtl.width == 300)  // the tabs fit: the first one at the visible right edge
        #expect(rtl.frames.map(\.minX) == [242, 198])
        let wide = LayoutDirection.rightToLeft.placed(frames, contentWidth: 110, visibleWidth: 80)
        #expect(wide.width == 110 && wide.frames.map(\.minX) == [52, 8])
    }

    @Test func stripsMirrorRightToLeft() {
        let frame = CGRect(x: 8, y: 0, width: 40, height: 30)
        #expect(LayoutDirection.leftToRight.x(of: frame, inWidth: 200) == 8)
        #expect(LayoutDirection.rightToLeft.x(of: frame, inWidth: 200) == 152)
        // The strip's offset too: at offset 0 a mirrored strip shows its right end (its first tab).
        #expect(LayoutDirection.leftToRight.scrollOffset(30, contentWidth: 500, visibleWidth: 200) == 30)
        #expect(LayoutDirection.rightToLeft.scrollOffset(0, contentWidth: 500, visibleWidth: 200) == 300)
        #expect(LayoutDirection.rightToLeft.scrollOffset(30, contentWidth: 500, visibleWidth: 200) == 270)
        #expect(LayoutDirection.rightToLeft.scrollOffset(30, contentWidth: 100, visibleWidth: 200) == 0)
        #expect(LayoutDirection.rightToLeft.horizontalSign == -1)
        #expect(LayoutDirection.leftToRight.horizontalSign == 1)
    }

    @MainActor @Test func aRightToLeftFeedStartsAtTheRight() async throws {
        var configuration = FeedScreenModel.Configuration(columns: .fixed(2))
        configuration.direction = .rightToLeft
        let loader = ScriptedFeedLoader(items: FeedFixtures.items(0..<6))
        let model = FeedScreenModel(pager: FeedPager(loader: loader), configuration: configuration)
        model.setContainerSize(CGSize(width: 375, height: 667))
        model.start()
        #expect(await waitUntil { model.items.count == 6 })
        let first = try #require(model.layout.frame(for: .item(0, section: model.itemSection)))
        let second = try #require(model.layout.frame(for: .item(1, section: model.itemSection)))
        // The first item is in the right column, flush with the right inset; the second left of it.
        #expect(first.maxX == 365)
        #expect(second.maxX < first.minX)
    }
}
