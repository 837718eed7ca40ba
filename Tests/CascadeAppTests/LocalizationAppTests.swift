import CascadePixbuf
import CascadeScript
import CascadeTestSupport
import Foundation
import Testing

/// The app under `LANG=zh_CN.UTF-8` with the Simplified Chinese catalog: the timeout alert, the
/// footer and the refresh header read in Chinese (the reference's own wording for the alert).
@Suite(.serialized) struct LocalizationAppTests {
    /// This test's temporary folders, removed when it ends.
    let temporary = TemporaryFolders()

    @Test func chineseLocaleTranslatesAlertFooterAndRefresh() async throws {
        let server = try await FeedServer.start(arguments: ["--synthetic", "40", "--channels", "1"])
        defer { server.stop() }
        let dir = try temporary.make("cascade-zh")
        // The catalog compiled the way the build does it, into a directory of the test's own.
        let locale = dir.appendingPathComponent("locale")
        try ChildProcess.run(
            "/bin/bash", [Repository.root.appendingPathComponent("scripts/build-locales.sh").path, locale.path])
        // Step 0 settles the first screen; the test queues the faults while step 1 waits; step 2's
        // load-more times out (the request and both retries); the pull then refreshes, slowly.
        let script = """
            wait-idle
            wait 1500ms
            scroll-to-end
            wait-idle
            screenshot alert
            pull-refresh
            wait-idle
            scroll-to-end
            wait-idle
            scroll-to-end
            wait-idle
            scroll-to-end
            wait-idle
            """
        try script.write(to: dir.appendingPathComponent("s.txt"), atomically: true, encoding: .utf8)
        let report = dir.appendingPathComponent("r.json")
        let child = try CascadeProcess(
            arguments: [
                "--feed-url", server.feedTemplate(channel: "c0"), "--request-timeout", "1", "--columns", "2",
                "--script", dir.appendingPathComponent("s.txt").path, "--report", report.path,
                "--screenshots", dir.path,
            ],
            environment: [
                "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path, "LANG": "zh_CN.UTF-8",
                "LC_ALL": "", "LC_MESSAGES": "", "LANGUAGE": "", "CASCADE_LOCALEDIR": locale.path,
            ])
        defer { child.kill() }
        _ = try #require(ScriptReport.waitForSteps(1, at: report, timeout: 60), "stderr: \(child.stderr)")
        try await server.queueFaults(Array(repeating: .delay(2.5), count: 3) + [.delay(0.6)])
        let status = child.wait(timeout: 120)
        let result = try #require(ScriptReport(url: report))
        #expect(status == 0, "stderr: \(child.stderr)")

        #expect(result.feed(0).footer == "上拉加载更多")
        #expect(result.state(3).alert == "加载超时 — 请检查你的网络")
        #expect(result.feed(3).footer == "加载失败，点击重试")
        // Right after the pull the reload (delayed 0.6 s) is in flight, or has just ended.
        let refresh = result.feed(5).refresh
        #expect(refresh == "正在刷新数据中…" || refresh == "刷新完成", "refresh header: \(refresh ?? "nil")")
        let last = result.steps.count - 1
        #expect(result.feed(last).state == "exhausted")
        #expect(result.feed(last).footer == "没有更多数据了")
        // What is drawn at step 4: the alert (an AdwMessageDialog, white) with its text (dark) in
        // the window's middle, over the feed.
        let image = try PixbufImageDecoder().decode(
            Data(contentsOf: dir.appendingPathComponent("alert.png")), targetSize: nil)
        var white = 0
        var dark = 0
        for y in stride(from: image.height * 2 / 5, to: image.height * 3 / 5, by: 2) {
            for x in stride(from: image.width * 2 / 5, to: image.width * 3 / 5, by: 2) {
                let p = y * image.bytesPerRow + x * 4
                let level = min(image.pixels[p], image.pixels[p + 1], image.pixels[p + 2])
                if level > 245 { white += 1 } else if level < 90 { dark += 1 }
            }
        }
        #expect(white > 500, "no alert dialog drawn (\(white) white samples)")
        #expect(dark > 20, "no alert text drawn (\(dark) dark samples)")
    }
}
