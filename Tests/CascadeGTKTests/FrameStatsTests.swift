import CGtk
import CascadeScriptRunner
import Foundation
import Testing

@testable import CascadeGTK

/// `FrameStats` charges a frame's main-thread CPU to the phase that spent it: work burnt in a
/// tick callback shows as `update`, in a draw function as `paint`, in an idle callback before
/// the frame as `between`; the phases add up to the frame's CPU sample.
@MainActor @Suite(.serialized, .needsDisplay) struct FrameStatsTests {
    init() throws {
        try #require(PlayerEngineFixture.setUpGTK(), "gtk_init_check failed")
    }

    /// Where the next frame burns CPU, read by the callbacks below.
    final class Plan: @unchecked Sendable {
        var paint = false
        var drawn = 0
    }

    /// Spins until this thread has used `milliseconds` more CPU: a cost known by construction.
    nonisolated static func burn(_ milliseconds: Double) {
        var time = timespec()
        func now() -> Double {
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
        }
        let start = now()
        while now() - start < milliseconds {}
    }

    /// A window holding a drawing area that burns `burnt` ms while drawing when `plan.paint`.
    static func window(plan: Plan) -> (UnsafeMutablePointer<GtkWindow>, UnsafeMutablePointer<GtkWidget>) {
        let area = gtk_drawing_area_new()!
        gtk_widget_set_size_request(area, 200, 100)
        let draw: GtkDrawingAreaDrawFunc = { _, _, _, _, data in
            let plan = Unmanaged<Plan>.fromOpaque(data!).takeUnretainedValue()
            plan.drawn += 1
            if plan.paint { FrameStatsTests.burn(FrameStatsTests.burnt) }
        }
        gtk_drawing_area_set_draw_func(
            area.as(GtkDrawingArea.self), draw, Unmanaged.passRetained(plan).toOpaque(),
            { Unmanaged<Plan>.fromOpaque($0!).release() })
        let window = gtk_window_new()!.as(GtkWindow.self)
        gtk_window_set_child(window, area)
        gtk_window_present(window)
        return (window, area)
    }

    nonisolated static let burnt = 6.0

    /// Pumps until `area` has been drawn `count` times and its frame has ended.
    static func drawn(_ plan: Plan, _ count: Int, area: UnsafeMutablePointer<GtkWidget>) -> Bool {
        var ended = false
        guard let clock = gtk_widget_get_frame_clock(area) else { return false }
        let handler = Signal.connectLast(UnsafeMutableRawPointer(clock), "after-paint") {
            if plan.drawn >= count { ended = true }
        }
        defer {
            g_signal_handler_disconnect(UnsafeMutableRawPointer(clock).assumingMemoryBound(to: GObject.self), handler)
        }
        return AccessibleChecks.pump { ended }
    }

    @Test func eachPhaseIsChargedWithTheCPUSpentInIt() throws {
        let plan = Plan()
        let (window, area) = Self.window(plan: plan)
        defer { gtk_window_destroy(window) }
        try #require(AccessibleChecks.pump { plan.drawn > 0 && gtk_widget_get_frame_clock(area) != nil })
        let stats = FrameStats()
        stats.attach(to: area)

        // Paint: the draw function burns.
        stats.restartCycle()
        plan.paint = true
        gtk_widget_queue_draw(area)
        try #require(Self.drawn(plan, plan.drawn + 1, area: area))
        plan.paint = false
        var frames = stats.drain()
        var slowest = try #require(frames.slowest.first)
        #expect(slowest.paint >= Self.burnt, "\(slowest)")
        #expect(slowest.update < Self.burnt && slowest.between < Self.burnt, "\(slowest)")

        // Update: a tick callback burns once.
        stats.restartCycle()
        var ticked = false
        let ticker = FrameTicker(widget: area) { _ in
            if !ticked { Self.burn(Self.burnt) }
            ticked = true
            return false
        }
        defer { ticker.stop() }
        gtk_widget_queue_draw(area)
        try #require(Self.drawn(plan, plan.drawn + 1, area: area))
        frames = stats.drain()
        slowest = try #require(frames.slowest.first)
        #expect(ticked)
        #expect(slowest.update >= Self.burnt, "\(slowest)")
        #expect(slowest.paint < Self.burnt, "\(slowest)")

        // Between: the main loop's work before the frame (an idle callback that then asks for it).
        stats.restartCycle()
        let idle: GSourceFunc = { data in
            FrameStatsTests.burn(FrameStatsTests.burnt)
            gtk_widget_queue_draw(data!.assumingMemoryBound(to: GtkWidget.self))
            return 0
        }
        g_idle_add(idle, area.raw)
        try #require(Self.drawn(plan, plan.drawn + 1, area: area))
        frames = stats.drain()
        slowest = try #require(frames.slowest.first)
        #expect(slowest.between >= Self.burnt, "\(slowest)")
        #expect(slowest.update < Self.burnt && slowest.paint < Self.burnt, "\(slowest)")

        // The phases add up to the frame's CPU sample, and the slowest is the largest sample.
        let largest = try #require(frames.cpu.sorted.last)
        #expect(abs(slowest.total - largest) < 1e-6, "\(slowest.total) vs \(largest)")
        #expect(
            abs(slowest.between + slowest.update + slowest.layout + slowest.paint + slowest.rest - slowest.total)
                < 1e-9)
        #expect(frames.slowest.count <= 8 && frames.slowest == frames.slowest.sorted { $0.total > $1.total })
    }
}
