import CGtk

extension FeedView {
    /// Reports `cell`'s pointer crossings, motion and focus to the window's hover previews, which decide.
    func attachPreviewInput(to cell: VideoCellWidget) {
        let motion = gtk_event_controller_motion_new()!
        let moved: @MainActor (Double, Double) -> Void = { [weak self, weak cell] _, _ in
            guard let self, let cell, let index = self.index(of: cell) else { return }
            self.previews?.pointerMoved(in: self, item: index)
        }
        Signal.connectPoint(UnsafeMutableRawPointer(motion), "enter", moved)
        Signal.connectPoint(UnsafeMutableRawPointer(motion), "motion", moved)
        Signal.connect(UnsafeMutableRawPointer(motion), "leave") { [weak self, weak cell] in
            guard let self, let cell, let index = self.index(of: cell) else { return }
            self.previews?.pointerLeft(in: self, item: index)
        }
        gtk_widget_add_controller(cell.root, motion)

        let focus = gtk_event_controller_focus_new()!
        Signal.connect(UnsafeMutableRawPointer(focus), "enter") { [weak self, weak cell] in
            guard let self, let cell, let index = self.index(of: cell) else { return }
            self.previews?.focusEntered(in: self, item: index)
        }
        Signal.connect(UnsafeMutableRawPointer(focus), "leave") { [weak self, weak cell] in
            guard let self, let cell, let index = self.index(of: cell) else { return }
            self.previews?.focusLeft(in: self, item: index)
        }
        gtk_widget_add_controller(cell.root, focus)
    }

    /// The pointer resting on item `index`'s cell, reported as its motion controller does (script
    /// mode's `hover-item`); false when the cell is not on screen.
    package func hoverItem(_ index: Int) -> Bool {
        guard cell(forItem: index) != nil else { return false }
        previews?.pointerMoved(in: self, item: index)
        return true
    }
}
