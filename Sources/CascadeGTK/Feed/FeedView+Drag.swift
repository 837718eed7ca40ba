import CGtk
import CascadeCollection
import CascadeScreens
import Foundation

/// A mouse or touch drag scrolling the feed vertically (handed over by `DragPrecedence`): the
/// content follows, a release glides on (UIScrollView's deceleration), a pull at the top refreshes
/// and one past the bottom asks for more (`FeedScreenModel.draggedPastEnd(by:at:)`).
extension FeedView {
    /// A vertical drag began (the pointer pressed at the current offset).
    package func beginDrag(time: Double) {
        stopGlide()
        drag = FeedDrag(startOffset: offset, time: time)
    }

    /// The drag moved `dy` points from its press (positive: downwards) at `time` seconds; the
    /// content follows step by step, so a pull at the top and the scroll share one finger position.
    package func dragMoved(dy: Double, time: Double) {
        guard var session = drag, dy.isFinite else { return }
        let step = session.moved(dy: dy, time: time)
        if !pullByDrag(step) {
            let from = offset
            scroll(to: from + step)
            let pastEnd = session.scrolled(by: step, from: from, maxOffset: maxOffset)
            if pastEnd > 0 { model.draggedPastEnd(by: pastEnd, at: time) }
        }
        drag = session
    }

    /// The drag ended at `time`: a pull releases (refreshing past its threshold), a scroll glides on.
    package func endDrag(dy: Double, time: Double) {
        guard var session = drag else { return }
        releaseDrag(velocity: session.released(dy: dy, time: time))
    }

    /// The drag is released at `velocity` (points per second, positive: the offset grows): a pull
    /// releases, a scroll glides on (`ReleaseGlide`); script mode's `fling` ends here.
    package func releaseDrag(velocity: Double) {
        guard drag != nil else { return }
        drag = nil
        if isPulling {
            endPull()
            return
        }
        guard let glide = ReleaseGlide(offset: offset, velocity: velocity, maxOffset: maxOffset) else { return }
        var start: Int64?
        glideTicker = FrameTicker(widget: scrolled) { [weak self] frameTime in
            guard let self else { return false }
            let begin = start ?? frameTime
            start = begin
            let t = Double(frameTime - begin) / 1_000_000
            self.scroll(to: glide.offset(at: t))
            guard !glide.isFinished(at: t, offset: self.offset, maxOffset: self.maxOffset) else {
                self.glideTicker = nil
                return false
            }
            return true
        }
    }

    /// Whether a release glide is running.
    package var isGliding: Bool { glideTicker != nil }

    /// Stops a release glide, or an animated scroll to an item, where it is.
    func stopGlide() {
        glideTicker?.stop()
        glideTicker = nil
        scrollAnimation?.stop()
        scrollAnimation = nil
    }
}
