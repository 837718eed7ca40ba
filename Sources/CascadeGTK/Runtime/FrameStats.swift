import CGtk
import CascadeScreens
import Foundation

/// Frame times from the window's frame clock: the time from the first phase of a frame
/// (events, update or layout) to the end of its paint, for frames that painted.
@MainActor
public final class FrameStats {
    private var samples: [Double] = []
    private var frameStart: UInt64?
    private var handlers: [gulong] = []
    private var clock: OpaquePointer?

    /// Creates an idle recorder; call `attach` once the window is realized.
    public init() {}

    /// Starts recording frames of `widget`'s frame clock.
    public func attach(to widget: UnsafeMutablePointer<GtkWidget>) {
        guard clock == nil, let clock = gtk_widget_get_frame_clock(widget) else { return }
        self.clock = clock
        for phase in ["flush-events", "before-paint", "update", "layout"] {
            handlers.append(Signal.connect(UnsafeMutableRawPointer(clock), phase) { [weak self] in self?.begin() })
        }
        handlers.append(Signal.connect(UnsafeMutableRawPointer(clock), "after-paint") { [weak self] in self?.end() })
    }

    /// Returns the frames painted since the last call, and resets.
    public func drain() -> FrameTimeSummary {
        defer { samples.removeAll(keepingCapacity: true) }
        return FrameTimeSummary(samples)
    }

    private func begin() {
        if frameStart == nil { frameStart = DispatchTime.now().uptimeNanoseconds }
    }

    private func end() {
        guard let start = frameStart else { return }
        frameStart = nil
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
    }
}
