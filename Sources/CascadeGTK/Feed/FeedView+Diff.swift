import CGtk
import CascadeCollection
import CascadeScreens
import Foundation

extension FeedView {
    /// After the model applied a diff (`ItemsChange.updated`): the cells of kept items follow
    /// them to their new indices, the others are pooled, and the feed scrolls to the offset that
    /// keeps the item at the top of the screen where it was; the next viewport update then
    /// moves kept cells to their new frames and binds cells for what came in.
    func keepCells(through changes: Changeset<Int>) {
        let oldCount = model.items.count - changes.inserts.count + changes.deletes.count
        let positions = changes.newPositions(oldCount: oldCount)
        let section = model.itemSection
        recycler.remapVisibleCells(
            { id in
                guard id.kind == .item, id.path.section == section else { return id }
                guard positions.indices.contains(id.path.item), let position = positions[id.path.item] else {
                    return nil
                }
                return .item(position, section: section)
            }, hide: hide)
        // Forget what was visible, so every element on screen appears (with its kept cell) next.
        _ = model.viewport.reset()
        gtk_adjustment_set_upper(adjustment, Double(model.scrollableContentHeight))
        scroll(to: model.scrollOffset)
    }
}

/// After a diff, the kept cells slide from where they were on screen to their new frames and the
/// new cells fade in, along `Motion.feedUpdate`. The item at the top of the screen does not move:
/// the scroll moved by as much as its frame did.
@MainActor
final class UpdateAnimation {
    struct Slide {
        let cell: VideoCellWidget
        let from: (x: Double, y: Double)
        let to: (x: Double, y: Double)
    }

    let slides: [Slide]
    let fades: [VideoCellWidget]
    /// Pictures of the cells of deleted items, where they were, fading out (`DepartingCells`).
    let departing: DepartingCells
    var motion: MotionAnimation?

    init(slides: [Slide], fades: [VideoCellWidget], departing: DepartingCells) {
        self.slides = slides
        self.fades = fades
        self.departing = departing
    }

    /// Places the cells `progress` (0…1) of the way; at 1 the departed pictures are removed.
    func apply(progress: Double, in content: UnsafeMutablePointer<GtkWidget>) {
        let p = min(max(0, progress), 1)
        for slide in slides {
            gtk_fixed_move(
                content.as(GtkFixed.self), slide.cell.root, slide.from.x + (slide.to.x - slide.from.x) * p,
                slide.from.y + (slide.to.y - slide.from.y) * p)
        }
        for cell in fades { gtk_widget_set_opacity(cell.root, p) }
        departing.fade(to: 1 - p)
    }
}

extension FeedView {
    /// Where each visible cell was last placed in the content (`bind` records it).
    func cellPositions() -> [ObjectIdentifier: (x: Double, y: Double)] {
        var positions: [ObjectIdentifier: (x: Double, y: Double)] = [:]
        for cell in recycler.visibleCells.values {
            positions[ObjectIdentifier(cell)] = cellOrigins[ObjectIdentifier(cell)]
        }
        return positions
    }

    /// Starts the slide of the cells that were at `before` (the scroll since moved by
    /// `scrolled`, so where they were on screen is `before` moved by as much) and the fade of the
    /// cells that were not there.
    func animateUpdate(
        from before: [ObjectIdentifier: (x: Double, y: Double)], scrolledBy scrolled: Double, departing: DepartingCells
    ) {
        var slides: [UpdateAnimation.Slide] = []
        var fades: [VideoCellWidget] = []
        for cell in recycler.visibleCells.values {
            guard let (x, y) = cellOrigins[ObjectIdentifier(cell)] else { continue }
            guard let start = before[ObjectIdentifier(cell)] else {
                fades.append(cell)
                continue
            }
            let from = (x: start.x, y: start.y + scrolled)
            if abs(from.x - x) >= 0.5 || abs(from.y - y) >= 0.5 {
                slides.append(.init(cell: cell, from: from, to: (x, y)))
            }
        }
        departing.place(in: content, movedBy: scrolled)
        lastUpdateSlideCount = slides.count
        guard !slides.isEmpty || !fades.isEmpty || !departing.isEmpty else { return }
        let animation = UpdateAnimation(slides: slides, fades: fades, departing: departing)
        animation.apply(progress: 0, in: content)
        let content = content
        animation.motion = MotionAnimation(
            widget: self.scrolled, motion: .feedUpdate, from: 0, to: 1,
            onFrame: { [weak animation] progress in animation?.apply(progress: progress, in: content) },
            onFinish: { [weak self] in self?.finishUpdateAnimation() })
        updateAnimation = animation
    }

    /// Ends the slide and fade at once, every cell at its frame and fully drawn.
    func finishUpdateAnimation() {
        guard let animation = updateAnimation else { return }
        updateAnimation = nil
        animation.motion?.stop()
        animation.apply(progress: 1, in: content)
    }
}
