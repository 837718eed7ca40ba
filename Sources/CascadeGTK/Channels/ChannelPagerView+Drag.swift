import CGtk
import CascadeCollection
import Foundation

/// Mouse and touch drags on the channel container. One capture-phase drag gesture sees every
/// press and, past the click slop, asks `DragPrecedence` who owns it: horizontal drags page
/// (`PagerDrag`), vertical ones scroll the feed, horizontal ones (and touchpad swipes) over the
/// banner are the carousel's. Claiming a drag cancels the click it started on.
extension ChannelPagerView {
    /// Where a pointer drag started and who moves with it.
    struct PointerDragSession {
        let region: DragPrecedence.Region
        let startPage: Int
        var owner: DragPrecedence.Owner?
        /// The finger's horizontal travel in points over time (for the release velocity).
        var tracker = VelocityTracker()
    }

    func connectDrags() {
        let drag = gtk_gesture_drag_new()!
        gtk_gesture_single_set_button(drag, guint(GDK_BUTTON_PRIMARY))
        gtk_event_controller_set_propagation_phase(drag, GTK_PHASE_CAPTURE)
        Signal.connectPoint(UnsafeMutableRawPointer(drag), "drag-begin") { [weak self, drag] x, y in
            self?.dragBegan(x: x, y: y, time: Self.eventTime(drag))
        }
        Signal.connectPoint(UnsafeMutableRawPointer(drag), "drag-update") { [weak self, drag] dx, dy in
            self?.dragMoved(dx: dx, dy: dy, time: Self.eventTime(drag), gesture: drag)
        }
        Signal.connectPoint(UnsafeMutableRawPointer(drag), "drag-end") { [weak self, drag] dx, dy in
            self?.dragEnded(dx: dx, dy: dy, time: Self.eventTime(drag))
        }
        gtk_widget_add_controller(containerScroller, drag)

        // Where the pointer is, for routing touchpad swipes (scroll events carry no position).
        let motion = gtk_event_controller_motion_new()!
        Signal.connectPoint(UnsafeMutableRawPointer(motion), "motion") { [weak self] x, y in
            self?.pointer = CGPoint(x: x, y: y)
        }
        Signal.connectPoint(UnsafeMutableRawPointer(motion), "enter") { [weak self] x, y in
            self?.pointer = CGPoint(x: x, y: y)
        }
        gtk_widget_add_controller(containerScroller, motion)
    }

    /// The tab strip scrolls its tabs when they do not fit: a horizontal drag moves them (and
    /// cancels the click of the tab it started on), and so does a vertical wheel over them.
    func connectStripScrolling() {
        let drag = gtk_gesture_drag_new()!
        gtk_gesture_single_set_button(drag, guint(GDK_BUTTON_PRIMARY))
        gtk_event_controller_set_propagation_phase(drag, GTK_PHASE_CAPTURE)
        var start: Double?
        Signal.connectPoint(UnsafeMutableRawPointer(drag), "drag-begin") { [weak self] _, _ in
            start = self?.stripOffset
        }
        Signal.connectPoint(UnsafeMutableRawPointer(drag), "drag-update") { [weak self, drag] dx, dy in
            guard let self, let origin = start else { return }
            if gtk_gesture_get_sequence_state(drag, gtk_gesture_single_get_current_sequence(drag))
                != GTK_EVENT_SEQUENCE_CLAIMED
            {
                guard !PointerInput.isTap(dx: dx, dy: dy) else { return }
                gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_CLAIMED)
            }
            self.scrollStrip(to: origin - dx)
        }
        Signal.connectPoint(UnsafeMutableRawPointer(drag), "drag-end") { _, _ in start = nil }
        gtk_widget_add_controller(stripScroller, drag)

        let wheel = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
        Signal.connectScroll(UnsafeMutableRawPointer(wheel)) { [weak self, wheel] _, dy in
            guard let self, dy != 0 else { return false }
            let unit = gtk_event_controller_scroll_get_unit(wheel)
            self.scrollStrip(
                to: self.stripOffset + PointerInput.points(forScrollDelta: dy, isWheel: unit == GDK_SCROLL_UNIT_WHEEL))
            return true
        }
        gtk_widget_add_controller(stripScroller, wheel)
    }

    /// Whether a gesture at (`x`, `y`) in the container's coordinates starts over the banner.
    func region(atX x: Double, y: Double) -> DragPrecedence.Region {
        guard let banner = currentPage?.banner,
            let picked = gtk_widget_pick(containerScroller, x, y, GTK_PICK_DEFAULT)
        else { return .page }
        return banner.contains(picked) ? .banner : .page
    }

    /// A horizontal scroll delta: the carousel's over the banner, else a channel swipe; whether it was used.
    func routeHorizontalScroll(_ dx: Double) -> Bool {
        guard dx != 0 else { return false }
        if swipeEndTimer == nil, let banner = currentPage?.banner,
            DragPrecedence.scrollOwner(region: region(atX: pointer.x, y: pointer.y), dx: dx, dy: 0) == .carousel
        {
            banner.swipeDelta(dx)
            return true
        }
        swipeDelta(dx)
        return true
    }

    // MARK: Private

    private func dragBegan(x: Double, y: Double, time: Double) {
        // A drag during the container's own animation waits for it (the press still clicks).
        guard isMoving == false, size.width > 0 else {
            pointerDrag = nil
            return
        }
        pointerDrag = PointerDragSession(region: region(atX: x, y: y), startPage: model.selectedIndex)
        pointerDrag?.tracker.add(position: 0, time: time)
    }

    private func dragMoved(dx: Double, dy: Double, time: Double, gesture: OpaquePointer) {
        guard var session = pointerDrag else { return }
        if session.owner == nil {
            session.owner = DragPrecedence.owner(region: session.region, dx: dx, dy: dy)
            switch session.owner {
            case nil:
                break
            case .carousel:
                // The banner's own drag follows it.
                gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_DENIED)
            case .channels:
                gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
            case .feed:
                gtk_gesture_set_state(gesture, GTK_EVENT_SEQUENCE_CLAIMED)
                currentPage?.beginDrag(time: time)
            }
        }
        pointerDrag = session
        switch session.owner {
        case .channels:
            pointerDrag?.tracker.add(position: dx, time: time)
            model.swiped(to: dragPosition(session, dx: dx))
            layout()
        case .feed:
            currentPage?.dragMoved(dy: dy, time: time)
        case .carousel, nil:
            break
        }
    }

    private func dragEnded(dx: Double, dy: Double, time: Double) {
        guard var session = pointerDrag else { return }
        pointerDrag = nil
        switch session.owner {
        case .channels:
            session.tracker.add(position: dx, time: time)
            let target = PagerDrag.target(
                startPage: session.startPage, distance: dx, velocity: session.tracker.velocity, pageWidth: pageWidth,
                pages: 0...max(0, model.channels.count - 1))
            model.swiped(to: dragPosition(session, dx: dx))
            animate(from: model.position, to: Double(target), reporting: true)
        case .feed:
            currentPage?.endDrag(dy: dy, time: time)
        case .carousel, nil:
            break
        }
    }

    private func dragPosition(_ session: PointerDragSession, dx: Double) -> Double {
        PagerDrag.position(
            startPage: session.startPage, distance: dx, pageWidth: pageWidth,
            pages: 0...max(0, model.channels.count - 1))
    }

    /// The current event's time in seconds on the X server's clock, right however late it is handled.
    private static func eventTime(_ gesture: OpaquePointer) -> Double {
        Double(gtk_event_controller_get_current_event_time(gesture)) / 1000
    }
}
