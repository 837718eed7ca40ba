import CGtk

extension VideoCellWidget {
    /// Puts the hover preview's `layer` right above the cover picture, under the glyph and the badge.
    func attachPreview(_ layer: UnsafeMutablePointer<GtkWidget>) {
        if gtk_widget_get_parent(layer) == coverBox { return }
        if gtk_widget_get_parent(layer) != nil { gtk_widget_unparent(layer) }
        gtk_overlay_add_overlay(OpaquePointer(coverBox), layer)
        // Overlays draw in child order: just after the cover picture is below glyph and badge.
        gtk_widget_insert_after(layer, coverBox, picture.widget)
        // Sized like the cover, not by the video's natural size.
        gtk_overlay_set_clip_overlay(OpaquePointer(coverBox), layer, 1)
        gtk_overlay_set_measure_overlay(OpaquePointer(coverBox), layer, 0)
        previewAttached = true
        updateCoverClip()
    }

    /// Takes the preview layer out of this cell's cover area (nothing if it is not there).
    func detachPreview(_ layer: UnsafeMutablePointer<GtkWidget>) {
        guard gtk_widget_get_parent(layer) == coverBox else { return }
        gtk_overlay_remove_overlay(OpaquePointer(coverBox), layer)
        previewAttached = false
        updateCoverClip()
    }
}
