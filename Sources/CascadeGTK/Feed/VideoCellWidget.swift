import CGtk
import CascadeImages
import CascadeNumerics
import CascadeScreens
import Foundation

/// The GTK widget of one video cell: a cover (rounded top corners, placeholder, error glyph,
/// duration badge, progress bar) above a centred, wrapped title. Reused: bound to an item, sized
/// with `apply(size:)`, unbound when it scrolls away; proportions are `VideoCellGeometry`'s.
@MainActor
package final class VideoCellWidget {
    /// The cell's root widget (a child of the collection's content).
    package let root: UnsafeMutablePointer<GtkWidget>
    /// The cover area (an overlay: the cover picture, then the glyph and the badge above it).
    let coverBox: UnsafeMutablePointer<GtkWidget>
    /// The cover picture, the overlay's main child.
    let picture = CoverSurfaceView()
    private let glyph: OpaquePointer
    let badge: DurationBadge
    /// The title, drawn from a Pango layout it keeps (no label measuring on every bind).
    let title = CellTitleView()
    /// The watched-fraction bar along the cover's bottom (`VideoCellWidget+Progress.swift`).
    let progressBar = CoverProgressBar()
    private var size = CGSize.zero
    /// Where the cover and title go at the applied size.
    package private(set) var geometry = VideoCellGeometry(size: .zero)
    /// Whether a hover preview's layer is in the cover area (`VideoCellWidget+Preview`).
    var previewAttached = false
    /// The tooltip shown when the pointer rests on the cell: the bound title.
    private(set) var tooltipText: String?
    /// Whether the cell may show its tooltip now: the feed says no while its content moves, so
    /// that a glide under a resting pointer pops up no title (and no new popup surface) mid-motion.
    var offersTooltip: () -> Bool = { true }
    /// Called on a click (primary button) or Enter while focused.
    var onActivate: (() -> Void)?

    /// A primary click released on the cell: what its click gesture calls (script mode's
    /// `tap-item` clicks here after picking the cell under the pointer).
    package func clicked() { onActivate?() }

    /// The cover's state, for rendering and for tests.
    package enum CoverState: Equatable {
        case placeholder
        case image
        case failed
    }

    /// What the cover shows now.
    package private(set) var coverState = CoverState.placeholder
    /// The state whose icon the glyph holds (it is hidden over an image).
    private var glyphState = CoverState.placeholder

    /// Creates an unbound cell.
    package init() {
        // An overlay around the column: a focusable GtkBox is never in the Tab chain, so a cell that
        // is a box could not be reached with the keyboard.
        root = gtk_overlay_new()
        g_object_ref_sink(root.raw)  // the pool keeps cells alive while they are unparented
        gtk_widget_add_css_class(root, "video-cell")
        Accessible.setRole(root, GTK_ACCESSIBLE_ROLE_BUTTON)  // named in describeForAccessibility
        gtk_widget_set_focusable(root, 1)

        coverBox = gtk_overlay_new()
        gtk_widget_add_css_class(coverBox, "cover")
        gtk_overlay_set_child(OpaquePointer(coverBox), picture.widget)

        glyph = OpaquePointer(gtk_image_new_from_icon_name("image-x-generic-symbolic"))
        gtk_image_set_pixel_size(glyph, 28)
        gtk_widget_add_css_class(glyph.widget, "cover-glyph")
        glyph.widget.align(GTK_ALIGN_CENTER, GTK_ALIGN_CENTER)
        gtk_overlay_add_overlay(OpaquePointer(coverBox), glyph.widget)

        badge = DurationBadge()
        badge.widget.align(GTK_ALIGN_END, GTK_ALIGN_END)
        gtk_overlay_add_overlay(OpaquePointer(coverBox), badge.widget)
        gtk_overlay_add_overlay(OpaquePointer(coverBox), progressBar.root)

        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(column.as(GtkBox.self), coverBox)
        gtk_box_append(column.as(GtkBox.self), title.widget)
        gtk_overlay_set_child(root.opaque, column)

        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, guint(GDK_BUTTON_PRIMARY))
        Signal.connectPress(UnsafeMutableRawPointer(click), "released") { [weak self] _, _, _ in
            self?.clicked()
        }
        gtk_widget_add_controller(root, click)
        ActivationKeys.attach(to: root) { [weak self] in self?.onActivate?() }
        AccessibleAction.attach(to: root, prefix: "cell") { [weak self] in self?.clicked() }

        // The title as a tooltip, asked for only when the pointer rests: setting its text on every
        // bind makes GTK ask the display server for the pointer, a round trip per bind.
        gtk_widget_set_has_tooltip(root, 1)
        Signal.connectQueryTooltip(UnsafeMutableRawPointer(root)) { [weak self] tooltip in
            self?.fillTooltip(tooltip) ?? false
        }
    }

    /// Puts the bound title in `tooltip`; false (no tooltip) when the cell shows no title or
    /// `offersTooltip` says not now.
    func fillTooltip(_ tooltip: OpaquePointer) -> Bool {
        guard let tooltipText, !tooltipText.isEmpty, offersTooltip() else { return false }
        gtk_tooltip_set_text(tooltip, tooltipText)
        return true
    }

    isolated deinit {
        g_object_unref(root.raw)
    }

    // MARK: Binding

    /// Shows `title` (plain text, never markup) and a duration badge (hidden when nil). The cover
    /// is left as it is: the image binding that follows sets it at once (the new cover when cached,
    /// else the placeholder), so a cached cover never passes through the placeholder's restyle.
    package func bind(title text: String, duration: String?) {
        title.show(CellTitleText.displayed(text))
        tooltipText = text
        if let duration {
            badge.show(duration)
            gtk_widget_set_visible(badge.widget, 1)
        } else {
            gtk_widget_set_visible(badge.widget, 0)
        }
        updateAccessibleLabel()
    }

    /// Sizes the cell and its parts with the reference proportions.
    package func apply(size newSize: CGSize) {
        apply(size: newSize, geometry: VideoCellGeometry(size: newSize))
    }

    /// Sizes the cell to `newSize`, its parts where `geometry` (laid out for that size) puts them.
    package func apply(size newSize: CGSize, geometry: VideoCellGeometry) {
        guard newSize != size || geometry != self.geometry else { return }
        size = newSize
        self.geometry = geometry
        gtk_widget_set_size_request(
            root, Int32(saturating: VideoCellGeometry.widgetWidth(forFrameWidth: newSize.width)),
            Int32(saturatingRounded: newSize.height))
        gtk_widget_set_size_request(
            coverBox, Int32(saturating: geometry.cover.width), Int32(saturating: geometry.cover.height))
        progressBar.apply(width: Double(geometry.cover.width))
        picture.setCornerRadius(Double(geometry.coverCornerRadius))
        // The title is centred below the cover (gap and band), so 13 pt fits where the 11 % band alone is short.
        gtk_widget_set_size_request(
            title.widget, Int32(saturating: geometry.title.width),
            Int32(saturating: newSize.height.rounded() - geometry.cover.height))
        title.setLines(geometry.titleLines)
    }

    /// How the cover is drawn now, for the script report: `surface` (a cairo image surface,
    /// under the cairo renderer), `texture` (under GL), `placeholder` or `failed`.
    package var coverDrawing: String {
        switch coverState {
        case .placeholder: "placeholder"
        case .failed: "failed"
        case .image: picture.drawsSurface ? "surface" : "texture"
        }
    }

    /// Shows the loading placeholder.
    package func showPlaceholder() {
        picture.clear()
        setCoverState(.placeholder)
    }

    /// Shows a decoded cover.
    package func show(_ image: DecodedImage) {
        guard picture.show(image) else {
            showFailure()
            return
        }
        setCoverState(.image)
    }

    /// Shows the error glyph.
    package func showFailure() {
        picture.clear()
        setCoverState(.failed)
    }

    /// The glyph (none over an image) and the cover area's `loaded` and `failed` classes.
    private func setCoverState(_ state: CoverState) {
        coverState = state
        // Set only when it changes: setting the same icon again resizes the glyph (every bind).
        if state != .image, state != glyphState {
            gtk_image_set_from_icon_name(
                glyph, state == .failed ? "image-missing-symbolic" : "image-x-generic-symbolic")
            glyphState = state
        }
        gtk_widget_set_visible(glyph.widget, state == .image ? 0 : 1)
        coverBox.setCSSClass("failed", state == .failed)
        coverBox.setCSSClass("loaded", state == .image)
        updateCoverClip()
    }

    /// Clips the cover area to its rounded corners only for a picture (GL) or a preview: a surface
    /// rounds its own, and a rounded clip makes cairo blend every cover (Docs/PLATFORM_NOTES.md).
    func updateCoverClip() {
        let clip = picture.needsClip || previewAttached
        gtk_widget_set_overflow(coverBox, clip ? GTK_OVERFLOW_HIDDEN : GTK_OVERFLOW_VISIBLE)
    }
}
