import CGtk
import CascadeGTK
import CascadeScreens
import CascadeScriptRunner
import Foundation

/// `gtk`: the main thread's CPU time per frame of our feed view against GTK's own `GtkGridView`
/// (`gtk-grid-view`), both showing the same catalog's covers in 4 columns in a 1000 × 760
/// window and scrolled through the same `FlingPath` (flings at 30,000 pt/s), one after the
/// other in this process. Without a display it starts a private Xvfb and stops it at the end;
/// both draw with the cairo renderer unless `GSK_RENDERER` says otherwise, as `perf-app.sh` does.
/// `CASCADE_BENCH_SCREENSHOTS=DIR` saves each window halfway through its fling (that frame counts
/// the save: not for figures).
struct GTKSuite: BenchSuite {
    let name = "gtk"

    /// Ours must spend at most 0.7 times the peer's CPU per frame.
    static let target = (1 / 0.7 * 10_000).rounded() / 10_000
    static let windowSize: (width: Int32, height: Int32) = (1000, 760)
    static let velocity = 30_000.0

    func run(quick: Bool) -> [BenchLine] {
        let items = quick ? 1_000 : 10_000
        let flings = quick ? 1 : 10
        var display: HeadlessDisplay?
        if !HeadlessDisplay.hasDisplay {
            display = HeadlessDisplay.start()
            precondition(display != nil, "gtk: no display and Xvfb could not be started")
        }
        defer { display?.stop() }
        setenv("GSK_RENDERER", "cairo", 0)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cascade-bench-gtk-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        guard let covers = BenchCovers.write(to: root, items: items) else {
            preconditionFailure("gtk: the covers could not be written under \(root.path)")
        }
        let shots = ProcessInfo.processInfo.environment["CASCADE_BENCH_SCREENSHOTS"].map {
            URL(fileURLWithPath: $0, isDirectory: true)
        }
        do {
            let (ours, peer) = try MainActor.assumeIsolated {
                try measure(catalog: root, covers: covers, items: items, flings: flings, screenshots: shots)
            }
            return lines(ours: ours, peer: peer, items: items) + TextureDownloadCase(suite: name).lines(quick: quick)
        } catch {
            preconditionFailure("gtk: \(error)")
        }
    }

    @MainActor
    private func measure(
        catalog: URL, covers: [URL], items: Int, flings: Int, screenshots: URL?
    ) throws -> (FrameTimeSummary, FrameTimeSummary) {
        guard gtk_init_check() != 0 else { throw FlingDriver.Failure(description: "GTK could not open the display") }
        // The app's look: libadwaita's stylesheet (the app is an AdwApplication) and its own.
        adw_init()
        Stylesheet.install()
        let oneFling = FlingPath(velocity: Self.velocity, frames: 1)
        let path = FlingPath(velocity: Self.velocity, frames: oneFling.steps.count * flings)

        let subject = FeedViewSubject(catalog: catalog, size: Self.windowSize)
        defer { subject.close() }
        try subject.load(items: items)
        guard
            let peer = GridViewPeer(
                covers: covers, items: items, size: Self.windowSize, cellHeight: subject.heightPerRow)
        else { throw FlingDriver.Failure(description: "the peer's covers could not be decoded") }
        defer { peer.close() }
        try FlingDriver.waitFrames(3, on: peer.window)
        // Each view as the drivers see it: its window, how far it scrolls, how to scroll it.
        let views: [(window: UnsafeMutablePointer<GtkWidget>, maxOffset: () -> Double, scroll: (Double) -> Void)] = [
            (subject.window, { subject.view.maxOffset }, { subject.view.scroll(to: $0) }),
            (peer.window, { peer.maxOffset }, { peer.scroll(to: $0) }),
        ]
        func driver(_ view: Int, _ path: FlingPath, screenshot: String?) -> FlingDriver {
            FlingDriver(
                path, window: views[view].window, maxOffset: views[view].maxOffset, scroll: views[view].scroll,
                screenshot: screenshot.flatMap { screenshots?.appendingPathComponent($0) })
        }
        let ours = driver(0, path, screenshot: "gtk-ours.png")
        let theirs = driver(1, path, screenshot: "gtk-grid-view.png")
        gtk_widget_set_visible(subject.window, 0)
        gtk_widget_set_visible(peer.window, 0)
        // One fling each, not counted, back to the top after it: what either draws only once (a
        // cover's first surface, a glyph's first rendering, a GL renderer's first use of a shader)
        // falls outside the figures for both, the peer's covers being decoded beforehand too.
        for view in views.indices {
            let warmUp = FlingPath(velocity: Self.velocity, frames: oneFling.steps.count)
            try driver(view, warmUp, screenshot: nil).play(frames: warmUp.frames)
            views[view].scroll(0)
        }
        // One fling each in turn, one window shown at a time: both see the same stretches of a
        // loaded machine, and neither's frame clock or drawing shares the other's frames.
        while !ours.isFinished || !theirs.isFinished {
            try ours.play(frames: oneFling.steps.count)
            try theirs.play(frames: oneFling.steps.count)
        }
        return (ours.summary, theirs.summary)
    }

    private func lines(ours: FrameTimeSummary, peer: FrameTimeSummary, items: Int) -> [BenchLine] {
        let extra: [String: Double] = [
            "ours_frames": Double(ours.count), "baseline_frames": Double(peer.count),
            "ours_p50_ns": ours.p50 * 1e6, "baseline_p50_ns": peer.p50 * 1e6,
        ]
        let oursMax = ours.sorted.last ?? 0
        let peerMax = peer.sorted.last ?? 0
        return [
            .ratio(
                suite: name, name: "fling.frame_cpu_p95", n: items, oursNs: ours.p95 * 1e6, baseline: "gtk-grid-view",
                baselineNs: peer.p95 * 1e6, target: Self.target, extra: extra),
            .ratio(
                suite: name, name: "fling.frame_cpu_max", n: items, oursNs: oursMax * 1e6, baseline: "gtk-grid-view",
                baselineNs: peerMax * 1e6, target: Self.target, extra: extra),
        ]
    }
}
