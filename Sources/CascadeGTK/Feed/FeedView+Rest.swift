import CGtk
import CascadeScreens
import Foundation

/// The scroll offset at rest on a whole device pixel (`PixelGrid.restingOffset`).
///
/// GTK's wheel and touchpad scrolling move by fractions of a pixel (a wheel step is the page
/// height to the power 2/3), and a feed left on a fraction draws every cover resampled by it:
/// a slightly soft picture until the next scroll. Once the offset has not changed for a moment
/// and nothing moves it, it goes to the nearest whole device pixel (at most half a pixel).
extension FeedView {
    /// How long the offset must rest before it is put on a whole pixel, in microseconds.
    static let restSnapDelay = 150_000

    /// Called on every change of the offset: notes the time, and starts the wait for it to rest
    /// if none runs (a scrolled frame only stores a time; the wait re-arms itself until the
    /// offset has rested long enough).
    func scheduleRestSnap() {
        lastOffsetChange = g_get_monotonic_time()
        if restSnapTimer == nil { armRestSnap(after: Self.restSnapDelay) }
    }

    private func armRestSnap(after microseconds: Int) {
        restSnapTimer = MainLoopTimer.after(seconds: Double(microseconds) / 1e6) { [weak self] in
            guard let self else { return }
            let rested = g_get_monotonic_time() - lastOffsetChange
            if rested < Self.restSnapDelay {
                armRestSnap(after: Self.restSnapDelay - rested)
                return
            }
            restSnapTimer = nil
            snapRestingOffset()
        }
    }

    private func snapRestingOffset() {
        // A pull, drag, glide or closing header moves the offset itself; it rests after them.
        guard !pull.isPulling, drag == nil, glideTicker == nil, closingTicker == nil else { return }
        let grid = PixelGrid(scale: Double(gtk_widget_get_scale_factor(scrolled)))
        guard let target = grid.restingOffset(offset, maxOffset: maxOffset) else { return }
        gtk_adjustment_set_value(adjustment, target)
    }
}
