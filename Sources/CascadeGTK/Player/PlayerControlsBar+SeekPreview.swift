import CGtk

extension PlayerControlsBar {
    /// Calls `hovered` with the time under the pointer and the pointer's x in the bar's
    /// coordinates while it is over the position slider (dragging included), and with nil when
    /// it leaves.
    func watchSliderHover(_ hovered: @escaping @MainActor ((seconds: Double, x: Double)?) -> Void) {
        let motion = gtk_event_controller_motion_new()!
        Signal.connectPoint(UnsafeMutableRawPointer(motion), "motion") { [weak self] x, _ in
            guard let self else { return }
            hovered(self.sliderTime(atX: x).map { ($0, self.barX(fromSliderX: x)) })
        }
        Signal.connect(UnsafeMutableRawPointer(motion), "leave") { hovered(nil) }
        gtk_widget_add_controller(progress, motion)
    }

    /// The time the slider stands for at `x` (slider coordinates), nil before the duration is known.
    private func sliderTime(atX x: Double) -> Double? {
        let range = progress.as(GtkRange.self)
        let duration = gtk_adjustment_get_upper(gtk_range_get_adjustment(range))
        guard duration > 0.001 else { return nil }
        var trough = GdkRectangle()
        gtk_range_get_range_rect(range, &trough)
        guard trough.width > 0 else { return nil }
        let fraction = (x - Double(trough.x)) / Double(trough.width)
        return min(max(0, fraction), 1) * duration
    }

    private func barX(fromSliderX x: Double) -> Double {
        var barX = 0.0
        var barY = 0.0
        _ = gtk_widget_translate_coordinates(progress, root, x, 0, &barX, &barY)
        return barX
    }
}
