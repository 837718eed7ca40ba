import CascadeScreens
import Testing

@Suite struct AccessibleTextTests {
    @Test func aCellSaysTitleDurationAndKind() {
        #expect(
            AccessibleText.cell(title: "Sunset", duration: "0:07", partiallyWatched: false) == "Sunset, 0:07, video")
        #expect(
            AccessibleText.cell(title: "Sunset", duration: "0:07", partiallyWatched: true)
                == "Sunset, 0:07, video, partially watched")
    }

    @Test func aCellWithoutDurationOrTitleLeavesThemOut() {
        #expect(AccessibleText.cell(title: "Sunset", duration: nil, partiallyWatched: false) == "Sunset, video")
        #expect(AccessibleText.cell(title: "  ", duration: "", partiallyWatched: false) == "video")
    }

    @Test func everyFixedPieceIsTranslatedAndDataIsNot() {
        let seen = Recorder()
        let label = AccessibleText.cell(title: "成都", duration: "1:23", partiallyWatched: true) { seen.record($0) }
        #expect(seen.ids == ["video", "partially watched", ", "])
        #expect(label == "成都<, >1:23<, ><video><, ><partially watched>")
    }

    @Test func theBannerAnnouncesItsPage() {
        #expect(AccessibleText.banner(index: 1, count: 5) == "Banner 2 of 5")
        #expect(AccessibleText.banner(index: 0, count: 1) == "Banner 1 of 1")
        // Out-of-range pages are clamped, and no pages is a plain label.
        #expect(AccessibleText.banner(index: 9, count: 5) == "Banner 5 of 5")
        #expect(AccessibleText.banner(index: -3, count: 5) == "Banner 1 of 5")
        #expect(AccessibleText.banner(index: 0, count: 0) == "Banners")
    }

    @Test func theBannerTextIsLookedUpWhole() {
        let seen = Recorder()
        _ = AccessibleText.banner(index: 2, count: 4) { seen.record($0) }
        #expect(seen.ids == ["Banner 3 of 4"])
    }

    @Test func playerButtonsSayWhatTheyDo() {
        #expect(AccessibleText.playPause(showsPause: true) == "Pause")
        #expect(AccessibleText.playPause(showsPause: false) == "Play")
        #expect(AccessibleText.fullscreen(isFullscreen: false) == "Fullscreen")
        #expect(AccessibleText.fullscreen(isFullscreen: true) == "Leave fullscreen")
    }

    @Test func positionFillsNamedSlotsOfTheTranslatedPattern() {
        #expect(AccessibleText.position(elapsed: "0:03", total: "0:07") == "0:03 of 0:07")
        let chinese = AccessibleText.position(elapsed: "0:03", total: "1:00:07") { id in
            id == "{position} of {duration}" ? "{position} / {duration}" : id
        }
        #expect(chinese == "0:03 / 1:00:07")
    }

    @Test(arguments: [
        (0.5, "50 %"), (0, "0 %"), (1, "100 %"), (0.333, "33 %"), (7, "100 %"), (-1, "0 %"),
        (Double.nan, "0 %"), (Double.infinity, "0 %"),
    ])
    func volumeIsAClampedPercentage(volume: Double, text: String) {
        #expect(AccessibleText.volume(volume) == text)
    }
}

/// Records the message ids looked up and marks each translation with angle brackets.
private final class Recorder {
    private(set) var ids: [String] = []
    func record(_ id: String) -> String {
        ids.append(id)
        return "<\(id)>"
    }
}
