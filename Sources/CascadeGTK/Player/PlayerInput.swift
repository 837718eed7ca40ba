import CGtk
import CascadePlayer
import CascadeScreens
import Foundation

/// Routes the player page's input to its `PlayerController`: a click toggles the controls, motion
/// shows them, drags seek or set volume (right half) or brightness (left), keys `handleKey(named:)`.
@MainActor
enum PlayerInput {
    /// Attaches click, motion and drag controllers to `video`.
    static func attachPointer(to video: UnsafeMutablePointer<GtkWidget>, controller: PlayerController) {
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, guint(GDK_BUTTON_PRIMARY))
        Signal.connectPress(UnsafeMutableRawPointer(click), "released") { [weak controller] _, _, _ in
            controller?.controlsTapped()
        }
        gtk_widget_add_controller(video, click)

        let motion = gtk_event_controller_motion_new()!
        var last = CGPoint(x: -1, y: -1)
        Signal.connectPoint(UnsafeMutableRawPointer(motion), "motion") { [weak controller] x, y in
            // X servers repeat motion events at the same place: only real movement counts.
            let point = CGPoint(x: x, y: y)
            guard point != last else { return }
            last = point
            controller?.pointerMoved()
        }
        gtk_widget_add_controller(video, motion)

        let drag = gtk_gesture_drag_new()!
        gtk_gesture_single_set_button(drag, guint(GDK_BUTTON_PRIMARY))
        Signal.connectPoint(UnsafeMutableRawPointer(drag), "drag-begin") { [weak controller] x, y in
            let size = CGSize(width: Double(gtk_widget_get_width(video)), height: Double(gtk_widget_get_height(video)))
            controller?.panBegan(at: CGPoint(x: x, y: y), velocity: .zero, in: size)
        }
        Signal.connectPoint(UnsafeMutableRawPointer(drag), "drag-update") { [weak controller] dx, dy in
            controller?.panChanged(translation: CGPoint(x: dx, y: dy))
        }
        Signal.connectPoint(UnsafeMutableRawPointer(drag), "drag-end") { [weak controller] _, _ in
            controller?.panEnded()
        }
        gtk_widget_add_controller(video, drag)
    }

    /// Attaches the moves to a neighbouring video to `video`: a vertical wheel step, or a fast
    /// vertical swipe (`PlayerQueue.step(swipeVelocityX:velocityY:)`), which also undoes the
    /// volume or brightness its drag changed on the way.
    static func attachPaging(
        to video: UnsafeMutablePointer<GtkWidget>, controller: PlayerController,
        onStep: @escaping @MainActor (PlayerQueue.Step) -> Void
    ) {
        let scroll = gtk_event_controller_scroll_new(
            GtkEventControllerScrollFlags(
                GTK_EVENT_CONTROLLER_SCROLL_VERTICAL.rawValue | GTK_EVENT_CONTROLLER_SCROLL_DISCRETE.rawValue))!
        Signal.connectScroll(UnsafeMutableRawPointer(scroll)) { _, dy in
            guard let step = PlayerQueue.step(scrollDeltaY: dy) else { return false }
            onStep(step)
            return true
        }
        gtk_widget_add_controller(video, scroll)

        let swipe = gtk_gesture_swipe_new()!
        gtk_gesture_single_set_button(swipe, guint(GDK_BUTTON_PRIMARY))
        var before: (volume: Double, brightness: Double)?
        Signal.connectSequence(UnsafeMutableRawPointer(swipe), "begin") { [weak controller] in
            guard let controller else { return }
            before = (controller.snapshot.volume, controller.snapshot.brightness)
        }
        Signal.connectPoint(UnsafeMutableRawPointer(swipe), "swipe") { [weak controller] vx, vy in
            guard let step = PlayerQueue.step(swipeVelocityX: vx, velocityY: vy) else { return }
            if let controller, let before {
                controller.setVolume(before.volume)
                controller.setBrightness(before.brightness)
            }
            onStep(step)
        }
        gtk_widget_add_controller(video, swipe)
    }

    /// A capture-phase key controller on `page`, so player keys win over the focused button; other
    /// keys (and Esc outside fullscreen, Alt+←) reach the window, which goes back.
    static func attachKeys(to page: UnsafeMutablePointer<GtkWidget>, controller: PlayerController) {
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signal.connectKey(UnsafeMutableRawPointer(keys)) { [weak controller] key, state in
            let modifiers = GDK_ALT_MASK.rawValue | GDK_CONTROL_MASK.rawValue | GDK_SUPER_MASK.rawValue
            guard let controller, state.rawValue & modifiers == 0, let name = gdk_keyval_name(key) else {
                return false
            }
            return controller.handleKey(named: String(cString: name))
        }
        gtk_widget_add_controller(page, keys)
    }
}
