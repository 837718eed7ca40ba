import CGtk
import Foundation

/// The scroll offset at rest on a whole device pixel.
///
/// GTK's wheel and touchpad scrolling move by fractions of a pixel (a wheel step is the page
/// height to the power 2/3), and a feed left on a fraction draws every cover resampled by it:
/// a slightly soft picture until the next scroll. Once the offset has not changed for a moment
/// and nothing moves it, it goes to the nearest whole device pixel (at most half a pixel).
extension FeedView {
    /// How long the offset must rest before it is put on a whole pixel.
    static let restSnapDelay = 0.15

    /// Called on every change of the offset: (re)starts the wait for it to rest.
    func scheduleRestSnap() {
        restSnapTimer?.cancel()
        restSnapTimer = MainLoopTimer.after(seconds: Self.restSnapDelay) { [weak self] in
            guard let self else { return }
            restSnapTimer = nil
            snapRestingOffset()
        }
    }

    private func snapRestingOffset() {
        // A pull, drag, glide or closing header moves the offset itself; it rests after them.
        guard !pull.isPulling, drag == nil, glideTicker == nil, closingTicker == nil else { return }
        let scale = Double(gtk_widget_get_scale_factor(scrolled))
        let pixels = scale.isFinite && scale > 0 ? scale : 1
        var target = (offset * pixels).rounded() / pixels
        if target > maxOffset { target = (maxOffset * pixels).rounded(.down) / pixels }
        target = max(0, target)
        guard abs(target - offset) > 1e-6 else { return }
        gtk_adjustment_set_value(adjustment, target)
    }
}
