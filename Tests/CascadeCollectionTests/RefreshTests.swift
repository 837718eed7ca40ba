import CascadeCollection
import Testing

@Suite struct RefreshControlTests {
    @Test func pullArmsAtTheThresholdAndReleaseRefreshes() {
        var control = RefreshControl()
        control.pull(distance: 27)
        #expect(control.state == .pulling(progress: 0.5))
        control.pull(distance: 54)
        #expect(control.state == .armed)
        control.pull(distance: 40)
        #expect(control.state == .pulling(progress: 40.0 / 54))
        control.pull(distance: 80)
        let result1 = control.release()
        #expect(result1)
        #expect(control.state == .refreshing)
        #expect(control.heldInset == 54)
        control.pull(distance: 0)  // scrolling while refreshing changes nothing
        #expect(control.state == .refreshing)
        let result2 = control.beginRefreshing()
        #expect(!result2)
        control.endRefreshing()
        #expect(control.state == .ending)
        #expect(control.heldInset == 54)
        control.finishEnding()
        #expect(control.state == .idle)
        #expect(control.heldInset == 0)
    }

    @Test func releasingShortOfTheThresholdDoesNothing() {
        var control = RefreshControl()
        control.pull(distance: 53)
        let result3 = control.release()
        #expect(!result3)
        #expect(control.state == .idle)
        control.endRefreshing()
        control.finishEnding()
        #expect(control.state == .idle)
        control.pull(distance: .nan)
        #expect(control.state == .idle)
    }
}

@Suite struct LoadMoreFooterTests {
    @Test func firesOnceForOneCrossing() {
        var footer = LoadMoreFooter()
        let result4 = footer.scrolled(offset: 0, viewportLength: 800, contentLength: 3_000)
        #expect(!result4)
        let result5 = footer.scrolled(offset: 1_500, viewportLength: 800, contentLength: 3_000)
        #expect(result5)
        #expect(footer.state == .loading)
        // More scroll events below the threshold while loading and after: no second fire.
        let result6 = footer.scrolled(offset: 1_600, viewportLength: 800, contentLength: 3_000)
        #expect(!result6)
        footer.endLoading()
        let result7 = footer.scrolled(offset: 2_200, viewportLength: 800, contentLength: 3_000)
        #expect(!result7)
        // The page landed (content grew): the next crossing fires again.
        let result8 = footer.scrolled(offset: 2_500, viewportLength: 800, contentLength: 4_000)
        #expect(result8)
    }

    @Test func endLoadingAfterNoMoreDataKeepsNoMoreDataAndARefreshResetsIt() {
        var footer = LoadMoreFooter()
        let result9 = footer.scrolled(offset: 1_500, viewportLength: 800, contentLength: 3_000)
        #expect(result9)
        footer.endLoadingWithNoMoreData()
        footer.endLoading()  // a late "end" from an older request
        #expect(footer.state == .noMoreData)
        let result10 = footer.beginLoading()
        #expect(!result10)
        let result11 = footer.scrolled(offset: 3_000, viewportLength: 800, contentLength: 5_000)
        #expect(!result11)
        footer.reset()
        #expect(footer.state == .idle)
        let result12 = footer.scrolled(offset: 1_500, viewportLength: 800, contentLength: 3_000)
        #expect(result12)
    }

    @Test func failureRetries() {
        var footer = LoadMoreFooter()
        let result13 = footer.scrolled(offset: 1_500, viewportLength: 800, contentLength: 3_000)
        #expect(result13)
        footer.fail(reason: "Loading timed out")
        #expect(footer.state == .failed(reason: "Loading timed out"))
        let result14 = footer.scrolled(offset: 1_600, viewportLength: 800, contentLength: 3_000)
        #expect(!result14)
        let result15 = footer.retry()
        #expect(result15)
        #expect(footer.state == .loading)
        let result16 = footer.retry()
        #expect(!result16)
    }
}

@Suite struct LoadMoreTriggerTests {
    @Test func neverFiresWhileScrollingBackward() {
        var trigger = LoadMoreTrigger()
        let result17 = trigger.update(offset: 3_000, viewportLength: 800, contentLength: 10_000)
        #expect(!result17)
        // Near the end, but moving up: no fire.
        let result18 = trigger.update(offset: 2_900, viewportLength: 800, contentLength: 3_500)
        #expect(!result18)
        let result19 = trigger.update(offset: 2_800, viewportLength: 800, contentLength: 3_500)
        #expect(!result19)
        // The same place moving down fires.
        let result20 = trigger.update(offset: 2_801, viewportLength: 800, contentLength: 3_500)
        #expect(result20)
    }

    @Test func shortContentFiresOnlyWhenAllowed() {
        var strict = LoadMoreTrigger()
        let result21 = strict.update(offset: 0, viewportLength: 800, contentLength: 500)
        #expect(!result21)
        var lenient = LoadMoreTrigger(firesWhenContentFits: true)
        let result22 = lenient.update(offset: 0, viewportLength: 800, contentLength: 500)
        #expect(result22)
        let result23 = lenient.update(offset: 0, viewportLength: 800, contentLength: 500)
        #expect(!result23)
        let result24 = lenient.update(offset: 0, viewportLength: 800, contentLength: 700)
        #expect(result24)
    }

    @Test func thresholdIsOneScreenByDefault() {
        var trigger = LoadMoreTrigger()
        let result25 = trigger.update(offset: 1_400, viewportLength: 800, contentLength: 3_000)  // 800 left
        #expect(!result25)
        let result26 = trigger.update(offset: 1_401, viewportLength: 800, contentLength: 3_000)  // 799 left
        #expect(result26)
        var bad = LoadMoreTrigger(thresholdScreens: .nan)
        let result27 = bad.update(offset: .infinity, viewportLength: 800, contentLength: 3_000)
        #expect(!result27)
        #expect(bad.thresholdScreens == 0)
    }
}
