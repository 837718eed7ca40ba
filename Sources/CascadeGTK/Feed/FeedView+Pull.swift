import CGtk
import CascadeCollection
import CascadeScreens
import Foundation

/// Pull to refresh: a wheel's, touchpad's or drag's pull at the top.
extension FeedView {
    /// One step of a wheel or touchpad scroll, `points` down (negative: up): at the bottom it tells
    /// the model (a new gesture retries a failed load-more), at the top it pulls. Returns whether
    /// it was consumed as a pull; otherwise the scrolled window scrolls by it.
    package func scrollGestureMoved(_ points: Double) -> Bool {
        // The person takes over from an animated scroll to an item.
        scrollAnimation?.stop()
        scrollAnimation = nil
        if points > 0, offset >= maxOffset - 1 {
            model.scrolledDownAtEnd(at: MonotonicClock.seconds)
        }
        return scrollDelta(points)
    }

    /// The scroll gesture ended (touchpad scroll-end): a pull releases.
    package func scrollGestureEnded() { endPull() }

    /// A vertical scroll delta in points, as the scroll controller feeds it; whether a pull consumed it.
    @discardableResult
    func scrollDelta(_ dy: Double) -> Bool {
        guard !model.refresh.isBusy else { return false }
        guard pull.scroll(deltaY: dy, offset: offset) else { return false }
        model.pull(distance: pull.distance(viewportHeight: viewportHeight))
        setTopInset(pull.distance(viewportHeight: viewportHeight))
        // A wheel has no "finger lifted": the pull ends when the deltas stop.
        pullReleaseTimer?.cancel()
        pullReleaseTimer = MainLoopTimer.after(seconds: PointerInput.gestureEndDelay) { [weak self] in self?.endPull() }
        return true
    }

    /// A drag's step of `dy` points (negative: towards the top): at the top it pulls as a wheel does,
    /// until the drag ends (`endPull()`). Returns whether it was consumed as a pull.
    func pullByDrag(_ dy: Double) -> Bool {
        guard !model.refresh.isBusy, pull.scroll(deltaY: dy, offset: offset) else { return false }
        pullReleaseTimer?.cancel()
        pullReleaseTimer = nil
        model.pull(distance: pull.distance(viewportHeight: viewportHeight))
        setTopInset(pull.distance(viewportHeight: viewportHeight))
        return true
    }

    /// Ends a pull now (touchpad scroll-end, or the wheel stopping).
    func endPull() {
        pullReleaseTimer?.cancel()
        pullReleaseTimer = nil
        guard pull.isPulling else { return }
        pull.end()
        model.releasePull()
        setTopInset(model.refresh.heldInset)
    }
}
