/// What a released pointer drag on the carousel does (`CarouselModel.endPointerDrag`).
public enum CarouselRelease: Equatable, Sendable {
    /// A press that hardly moved: open the page (nil without pages).
    case tap(page: Int?)
    /// A drag: animate the snap.
    case snap(CarouselTransition)
}

/// Pointer drags and touchpad swipes in points, read into page drags with their speed, so the
/// host only forwards what the pointer did and draws `livePosition`.
extension CarouselModel {
    /// The position to draw now: the drag's (within a page of where it began) while one is
    /// under way, else `position`.
    public var livePosition: Double {
        cells.first { $0.slot == 1 }.map { Double($0.page) - $0.offset } ?? 0
    }

    /// Whether a touchpad swipe is under way (it ends with `endSwipe()`).
    public var isSwiping: Bool { swipePages != nil }

    /// A pointer drag began at `time` (seconds on any monotonic clock).
    public func beginPointerDrag(at time: Double) {
        gestureTracker.reset()
        gestureTracker.add(position: 0, time: time)
        beginDrag()
    }

    /// The pointer is `pages` page widths from where the drag began (positive: towards the
    /// next page) at `time`.
    public func pointerDragged(toPages pages: Double, at time: Double) {
        let moved = pages - (gestureTracker.lastPosition ?? 0)
        gestureTracker.add(position: pages, time: time)
        drag(by: moved)
    }

    /// The pointer lifted after moving (`dx`, `dy`) points: a tap opens the page, a drag that
    /// another gesture claimed (`cancelled`) snaps to the nearest page, any other snaps with
    /// the drag's speed.
    public func endPointerDrag(dx: Double, dy: Double, cancelled: Bool) -> CarouselRelease {
        if cancelled { return .snap(endDrag()) }
        if PointerInput.isTap(dx: dx, dy: dy) {
            endDrag()
            return .tap(page: currentPage)
        }
        return .snap(endDrag(velocity: gestureTracker.velocity))
    }

    /// A touchpad swipe moved `pages` page widths at `time`; the first delta begins it. No-op
    /// below two pages.
    public func swipe(byPages pages: Double, at time: Double) {
        guard pages.isFinite, isLooping else { return }
        if swipePages == nil {
            beginPointerDrag(at: time)
            swipePages = 0
        }
        let travel = (swipePages ?? 0) + pages
        swipePages = travel
        pointerDragged(toPages: travel, at: time)
    }

    /// The swipe's deltas stopped: snaps with its speed (nil when no swipe was under way).
    public func endSwipe() -> CarouselTransition? {
        guard swipePages != nil else { return nil }
        swipePages = nil
        return endDrag(velocity: gestureTracker.velocity)
    }

    /// Drops a swipe under way without animating (the carousel left the screen).
    public func cancelSwipe() {
        guard swipePages != nil else { return }
        swipePages = nil
        endDrag()
    }
}
