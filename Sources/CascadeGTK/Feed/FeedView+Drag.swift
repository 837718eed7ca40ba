import CGtk
import CascadeCollection
import Foundation

/// A mouse or touch drag that scrolls the feed vertically (the channel page hands it the
/// vertical drags, `DragPrecedence`): the content follows the pointer, a release glides on with
/// UIScrollView's deceleration, and pulling past the bottom asks the model for more
/// (`FeedScreenModel.draggedPastEnd(by:at:)`: after a failed load-more, a new drag retries).
extension FeedView {
    /// A vertical drag began (the pointer pressed at the current offset).
    public func beginDrag(time: Double) {
        stopGlide()
        drag = DragSession(startOffset: offset)
        drag?.tracker.add(position: offset, time: time)
    }

    /// The drag moved `dy` points from where it pressed (positive: downwards, revealing what is
    /// above) at `time` seconds.
    public func dragMoved(dy: Double, time: Double) {
        guard var session = drag, dy.isFinite else { return }
        let wanted = session.startOffset - dy
        scroll(to: wanted)
        session.tracker.add(position: wanted, time: time)
        drag = session
        let pastEnd = wanted - maxOffset
        if pastEnd > 0 { model.draggedPastEnd(by: pastEnd, at: time) }
    }

    /// The drag ended at `time`: the content glides on at the release velocity.
    public func endDrag(dy: Double, time: Double) {
        guard var session = drag else { return }
        drag = nil
        if dy.isFinite { session.tracker.add(position: session.startOffset - dy, time: time) }
        let velocity = session.tracker.velocity
        guard abs(velocity) > 50, maxOffset > 0 else { return }
        let glide = DecelerationModel(offset: offset, velocity: velocity)
        let duration = min(glide.duration(), 10)
        var start: Int64?
        glideTicker = FrameTicker(widget: scrolled) { [weak self] frameTime in
            guard let self else { return false }
            let begin = start ?? frameTime
            start = begin
            let t = Double(frameTime - begin) / 1_000_000
            self.scroll(to: glide.offset(at: min(t, duration)))
            let atEdge = self.offset <= 0 && velocity < 0 || self.offset >= self.maxOffset && velocity > 0
            guard t < duration, !(atEdge && t > 0.05) else {
                self.glideTicker = nil
                return false
            }
            return true
        }
    }

    /// Stops a release glide where it is.
    func stopGlide() {
        glideTicker?.stop()
        glideTicker = nil
    }

    /// A drag under way: where it started and the offsets it asked for over time.
    struct DragSession {
        let startOffset: Double
        var tracker = VelocityTracker()
    }
}
