import CGtk
import CascadeCollection
import CascadeScreens
import Foundation

extension FeedView {
    /// Scrolls so that item `index` rests at `position`: at once, or along `Motion.scrollToItem`
    /// (any wheel, drag or key stops it where it is, as it stops a glide). False when the item is
    /// not loaded.
    @discardableResult
    package func scroll(toItem index: Int, at position: ScrollPosition, animated: Bool) -> Bool {
        guard
            let target = model.scrollOffset(toShow: index, at: position, offset: offset, viewportHeight: viewportHeight)
        else { return false }
        stopGlide()
        guard animated, abs(target - offset) >= 1 else {
            scroll(to: target)
            return true
        }
        scrollAnimation = MotionAnimation(
            widget: scrolled, motion: .scrollToItem, from: offset, to: target,
            onFrame: { [weak self] value in self?.scroll(to: value) },
            onFinish: { [weak self] in self?.scrollAnimation = nil })
        return true
    }
}
