import CascadeScreens
import Testing

@Suite struct CatalogProgressTests {
    @Test func aLogGetsOneLinePerTenthAndATerminalEveryChange() {
        var progress = CatalogProgress()
        var tenth = -1
        var printed: [String] = []
        for done in [1, 2, 31, 32, 100] {
            progress.record(line: "progress \(done) 100", at: Double(done))
            if let line = progress.terminalLine(interactive: false, lastTenth: &tenth) { printed.append(line) }
        }
        #expect(printed.map { $0.hasSuffix("\n") } == [true, true, true])
        #expect(printed.count == 3)  // tenths 0, 3 and 10
        #expect(tenth == 10)
        let line = progress.terminalLine(interactive: true, lastTenth: &tenth)
        #expect(line == "\r\u{1B}[Kcascade: \(progress.message)")
    }

    @Test func estimatesFromThisRunsPace() {
        var progress = CatalogProgress()
        #expect(progress.message == "Generating the demo catalog…")
        progress.record(line: "progress 100 300", at: 50)  // resumed: 100 already done
        #expect(progress.secondsLeft == nil)
        #expect(progress.message == "Generating the demo catalog: 100 of 300 clips")
        progress.record(line: "progress 110 300", at: 52)  // 0.2 s a clip
        #expect(progress.secondsLeft == 38)
        #expect(progress.message == "Generating the demo catalog: 110 of 300 clips, about 38 s left")
        progress.record(line: "progress 120 300", at: 74)  // 1.2 s a clip since the start of this run
        #expect(progress.message == "Generating the demo catalog: 120 of 300 clips, about 3 min 36 s left")
        progress.record(line: "progress 300 300", at: 300)
        #expect(progress.isComplete)
        #expect(progress.message == "Generating the demo catalog: 300 of 300 clips")
    }

    @Test(arguments: ["", "progress", "progress 1", "progress a 3", "progress 1 0", "progress 1 -3", "ffmpeg: error"])
    func otherLinesAreIgnored(line: String) {
        var progress = CatalogProgress()
        let accepted = progress.record(line: line, at: 1)
        #expect(!accepted)
        #expect(progress.total == 0)
    }

    @Test func countsAreClamped() {
        var progress = CatalogProgress()
        progress.record(line: "progress 999 10", at: 1)
        #expect(progress.done == 10)
        progress.record(line: "progress -5 10", at: 2)
        #expect(progress.done == 0)
        let accepted = progress.record(line: "progress 1 99999999999", at: 3)
        #expect(!accepted)
    }
}
