import CGtk
import CascadeScreens
import Foundation

extension FeedView {
    /// Moves the focus to the cell the model picks in `direction` (scrolled into view first, which
    /// makes it), while the scroller or a cell has the focus; returns whether the key was used.
    func moveFocus(_ direction: FocusDirection) -> Bool {
        let current = focusedItem
        guard current != nil || gtk_widget_is_focus(scrolled) != 0 else { return false }
        guard let target = model.focusTarget(from: current, direction: direction) else { return true }
        if let scrolled = model.focusScrollOffset(forItem: target, offset: offset, viewportHeight: viewportHeight) {
            scroll(to: scrolled)
        }
        guard let cell = cell(forItem: target) else { return true }
        gtk_widget_grab_focus(cell.root)
        return true
    }

    /// The focus direction of an arrow key (main or keypad), or nil.
    static func focusDirection(forKey key: UInt32) -> FocusDirection? {
        switch Int32(bitPattern: key) {
        case GDK_KEY_Up, GDK_KEY_KP_Up: .up
        case GDK_KEY_Down, GDK_KEY_KP_Down: .down
        case GDK_KEY_Left, GDK_KEY_KP_Left: .left
        case GDK_KEY_Right, GDK_KEY_KP_Right: .right
        default: nil
        }
    }
}
