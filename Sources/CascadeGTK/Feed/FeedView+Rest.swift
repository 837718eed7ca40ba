import CGtk
import CascadeScreens
import Foundation

/// The scroll offset at rest on a whole device pixel, when `RestSnap` says it rests.
extension FeedView {
    /// On every offset change: notes the time and starts the wait for a rest unless one runs.
    func scheduleRestSnap() {
        restSnap.offsetChanged(at: MonotonicClock.seconds)
        if restSnapTimer == nil { armRestSnap(after: RestSnap.delay) }
    }

    private func armRestSnap(after seconds: Double) {
        restSnapTimer = MainLoopTimer.after(seconds: seconds) { [weak self] in
            guard let self else { return }
            if let wait = restSnap.remainingWait(at: MonotonicClock.seconds) {
                armRestSnap(after: wait)
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
