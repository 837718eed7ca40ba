import CGtk
import CascadeCollection

/// The cells of items a diff deleted, as they were drawn: still pictures (`GtkPicture`s of each
/// cell's current image) put where the cells were, fading out while the kept cells slide, then
/// removed. The cells themselves go back to the pool at once, free to show other items.
@MainActor
final class DepartingCells {
    private var pictures: [UnsafeMutablePointer<GtkWidget>] = []
    private var pending: [(image: OpaquePointer, x: Double, y: Double, width: Int32, height: Int32)] = []
    private var content: UnsafeMutablePointer<GtkWidget>?

    /// Whether there is nothing to fade out.
    var isEmpty: Bool { pictures.isEmpty && pending.isEmpty }

    /// The pictures in the feed now, and their opacity (for tests).
    var opacities: [Double] { pictures.map { gtk_widget_get_opacity($0) } }

    /// The size of each picture's image (for tests): the cell's, drawn.
    var imageSizes: [(width: Int32, height: Int32)] {
        pictures.compactMap { picture in
            gtk_picture_get_paintable(OpaquePointer(picture)).map {
                (gdk_paintable_get_intrinsic_width($0), gdk_paintable_get_intrinsic_height($0))
            }
        }
    }

    /// Takes a still image of `cell`, drawn at `origin` in the content.
    func capture(_ cell: VideoCellWidget, at origin: (x: Double, y: Double)) {
        let width = gtk_widget_get_width(cell.root)
        let height = gtk_widget_get_height(cell.root)
        guard width > 0, height > 0, gtk_widget_get_mapped(cell.root) != 0,
            let paintable = gtk_widget_paintable_new(cell.root)
        else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        guard let image = gdk_paintable_get_current_image(paintable) else { return }
        pending.append((image, origin.x, origin.y, width, height))
    }

    /// Puts the pictures in `content` where their cells were on screen: the content scrolled by
    /// `scrolled` since, so as much lower in it.
    func place(in content: UnsafeMutablePointer<GtkWidget>, movedBy scrolled: Double) {
        self.content = content
        for capture in pending {
            let picture = gtk_picture_new_for_paintable(capture.image)!
            g_object_unref(UnsafeMutableRawPointer(capture.image))
            gtk_widget_set_size_request(picture, capture.width, capture.height)
            gtk_widget_set_can_target(picture, 0)
            gtk_widget_set_can_focus(picture, 0)
            gtk_fixed_put(content.as(GtkFixed.self), picture, capture.x, capture.y + scrolled)
            pictures.append(picture)
        }
        pending.removeAll()
    }

    /// Draws the pictures at `opacity`; at 0 they are removed from the feed.
    func fade(to opacity: Double) {
        guard opacity > 0 else {
            removeAll()
            return
        }
        for picture in pictures { gtk_widget_set_opacity(picture, min(1, opacity)) }
    }

    /// Removes every picture at once (the animation ended or was cut short).
    func removeAll() {
        for capture in pending { g_object_unref(UnsafeMutableRawPointer(capture.image)) }
        pending.removeAll()
        if let content {
            for picture in pictures { gtk_fixed_remove(content.as(GtkFixed.self), picture) }
        }
        pictures.removeAll()
    }

    isolated deinit { removeAll() }
}

extension FeedView {
    /// Still pictures of the cells on screen whose items are in `deleted` (old indices), taken
    /// before the diff pools them.
    func departingCells(deleted: [Int]) -> DepartingCells {
        let departing = DepartingCells()
        let deleted = Set(deleted)
        let section = model.itemSection
        for (id, cell) in recycler.visibleCells
        where id.kind == .item && id.path.section == section && deleted.contains(id.path.item) {
            guard let origin = cellOrigins[ObjectIdentifier(cell)] else { continue }
            departing.capture(cell, at: origin)
        }
        return departing
    }
}
