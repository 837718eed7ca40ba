import CGtk
import CascadeCollection
import CascadeFeed
import CascadeImages
import CascadeNumerics
import CascadeScreens
import Foundation

/// The endless banner carousel: three reusable pages from `CarouselModel.cells(at:)`, page dots,
/// the title, auto-advance (paused while hovered, dragged or off screen), snapping drags, a click opens.
@MainActor
package final class BannerCarouselView {
    /// The root widget; the feed places it at the banner's frame.
    package let root: UnsafeMutablePointer<GtkWidget>
    /// The carousel state.
    package let model: CarouselModel
    /// Called when the user opens banner `index`.
    package var onOpen: ((Int) -> Void)?
    /// The URL to draw for a banner's cover URL, given the box the banner fills in device pixels
    /// (a folder feed's larger thumbnail); nil draws the item's.
    package var coverURL: ((URL, PixelSize) -> URL)?

    /// The pages' container (a GtkFixed).
    let stage: UnsafeMutablePointer<GtkWidget>
    /// The reusable pages; slot `i` shows `model.cells`' cell with `slot == i`.
    private(set) var slots: [(box: UnsafeMutablePointer<GtkWidget>, cover: CoverSurfaceView)] = []
    private let dots: UnsafeMutablePointer<GtkWidget>
    private let caption: OpaquePointer
    private let binder: ImageBinder
    private var items: [VideoItem] = []
    private var size = CGSize.zero
    private var drawnPosition: Double = 0
    private var animation: MotionAnimation?
    private var hovered = false
    private var onScreen = false
    private var swipeEndTimer: MainLoopTimer?
    /// Whether the drag under way was cancelled (another gesture claimed its press).
    private var dragCancelled = false

    /// Creates a carousel auto-advancing every `interval` seconds.
    package init(pipeline: ImagePipeline, interval: Double = 4) {
        binder = ImageBinder(pipeline: pipeline)
        model = CarouselModel(pageCount: 0, autoAdvanceInterval: interval, scheduler: GLibScheduler())
        root = gtk_overlay_new()
        Accessible.setRole(root, GTK_ACCESSIBLE_ROLE_GROUP)
        gtk_widget_set_focusable(root, 1)
        gtk_widget_add_css_class(root, "banner")
        gtk_widget_set_overflow(root, GTK_OVERFLOW_HIDDEN)
        g_object_ref_sink(root.raw)
        // Three pages side by side in a GtkFixed, in a scroller with external policies (Docs/PLATFORM_NOTES.md).
        stage = gtk_fixed_new()
        let clip = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(OpaquePointer(clip), GTK_POLICY_EXTERNAL, GTK_POLICY_EXTERNAL)
        gtk_scrolled_window_set_child(OpaquePointer(clip), stage)
        gtk_widget_set_can_target(clip, 0)
        gtk_widget_set_can_focus(clip, 0)  // the carousel itself takes the focus
        gtk_overlay_set_child(OpaquePointer(root), clip)
        for _ in 0..<3 {
            let box = gtk_overlay_new()!
            gtk_widget_add_css_class(box, "banner-page")
            gtk_widget_set_overflow(box, GTK_OVERFLOW_HIDDEN)
            // Drawn as the feed's covers are: under cairo from a surface made once per bind (a
            // texture would be converted pixel by pixel on every frame; Docs/PLATFORM_NOTES.md).
            let cover = CoverSurfaceView()
            gtk_overlay_set_child(OpaquePointer(box), cover.widget)
            gtk_fixed_put(stage.as(GtkFixed.self), box, 0, 0)
            slots.append((box, cover))
        }
        caption = OpaquePointer(gtk_label_new(nil))
        gtk_widget_add_css_class(caption.widget, "banner-caption")
        gtk_label_set_ellipsize(caption, PANGO_ELLIPSIZE_END)
        caption.widget.align(GTK_ALIGN_START, GTK_ALIGN_END)
        gtk_overlay_add_overlay(OpaquePointer(root), caption.widget)
        dots = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)
        gtk_widget_add_css_class(dots, "banner-dots")
        dots.align(GTK_ALIGN_END, GTK_ALIGN_END)
        gtk_widget_set_can_target(dots, 0)
        gtk_overlay_add_overlay(OpaquePointer(root), dots)
        model.onAutoAdvance = { [weak self] transition in self?.animate(transition) }
        connectInput()
    }

    isolated deinit {
        binder.unbindAll()
        g_object_unref(root.raw)
    }

    // MARK: API

    /// Shows `banners` (keeping the current page when it still exists).
    package func setItems(_ banners: [VideoItem]) {
        guard banners != items else { return }
        items = banners
        model.setPageCount(banners.count)
        while let child = gtk_widget_get_first_child(dots) { gtk_box_remove(dots.as(GtkBox.self), child) }
        for _ in banners.indices {
            let dot = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
            gtk_widget_add_css_class(dot, "banner-dot")
            gtk_box_append(dots.as(GtkBox.self), dot)
        }
        gtk_widget_set_visible(dots, banners.count > 1 ? 1 : 0)
        drawnPosition = model.position
        render()
    }

    /// How the current page draws its cover (`CoverSurfaceView.drawing`): slot 1 shows cell 0.
    package var coverDrawing: String? { slots.count > 1 ? slots[1].cover.drawing : nil }

    /// Sizes the carousel.
    package func apply(size newSize: CGSize) {
        guard newSize != size else { return }
        size = newSize
        gtk_widget_set_size_request(root, Int32(saturating: newSize.width), Int32(saturating: newSize.height))
        for slot in slots {
            gtk_widget_set_size_request(slot.box, Int32(saturating: newSize.width), Int32(saturating: newSize.height))
        }
        render()
    }

    /// Whether the carousel is on screen (its feed shown and scrolled into view).
    package func setOnScreen(_ visible: Bool) {
        onScreen = visible
        updateRunning()
    }

    /// The page shown, or nil without banners.
    package var currentPage: Int? { model.currentPage }
    /// Whether the auto-advance timer runs (on screen, not hovered, in a foreground window).
    package var isAutoAdvancing: Bool { model.isAutoAdvancing }
    /// Whether a page change is animating or a swipe is under way.
    package var isAnimating: Bool { animation != nil || model.isSwiping }

    /// Moves one page forward or back as a completed drag does, restarting the auto-advance countdown.
    package func step(forward: Bool) {
        guard animation == nil else { return }
        animate(model.advance(by: forward ? 1 : -1))
        model.setVisible(false)
        updateRunning()
    }

    /// Feeds a horizontal scroll delta in points (positive: towards the next banner), routed by the
    /// channel page; when the deltas stop (`PointerInput.gestureEndDelay`) the banners snap.
    package func swipeDelta(_ dx: Double) {
        guard size.width > 0, dx.isFinite, model.pageCount > 1 else { return }
        if !model.isSwiping {
            animation?.stop()
            animation = nil
        }
        model.swipe(byPages: dx / size.width, at: MonotonicClock.seconds)
        drawnPosition = model.livePosition
        render()
        swipeEndTimer?.cancel()
        swipeEndTimer = MainLoopTimer.after(seconds: PointerInput.gestureEndDelay) { [weak self] in self?.endSwipe() }
    }

    /// Whether `widget` is the carousel or inside it (where a gesture over the banner starts).
    package func contains(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        widget == root || gtk_widget_is_ancestor(widget, root) != 0
    }

    /// Ends a page change at once, as the carousel leaves the screen (where its frame clock stops).
    package func stopAnimating() {
        animation?.stop()
        animation = nil
        swipeEndTimer?.cancel()
        swipeEndTimer = nil
        model.cancelSwipe()
        drawnPosition = model.position
        render()
    }

    // MARK: Private

    private func connectInput() {
        let motion = gtk_event_controller_motion_new()!
        Signal.connectPoint(UnsafeMutableRawPointer(motion), "enter") { [weak self] _, _ in
            self?.hovered = true
            self?.updateRunning()
        }
        Signal.connect(UnsafeMutableRawPointer(motion), "leave") { [weak self] in
            self?.hovered = false
            self?.updateRunning()
        }
        gtk_widget_add_controller(root, motion)

        let drag = gtk_gesture_drag_new()!
        Signal.connectPoint(UnsafeMutableRawPointer(drag), "drag-begin") { [weak self] _, _ in
            guard let self else { return }
            self.dragCancelled = false
            self.animation?.stop()
            self.animation = nil
            self.model.beginPointerDrag(at: MonotonicClock.seconds)
        }
        Signal.connectPoint(UnsafeMutableRawPointer(drag), "drag-update") { [weak self] dx, _ in
            guard let self, self.size.width > 0 else { return }
            self.model.pointerDragged(
                toPages: -dx * Double(self.pageSign) / self.size.width, at: MonotonicClock.seconds)
            self.drawnPosition = self.model.livePosition
            self.render()
        }
        // Another gesture took the press (the feed scrolls): end the drag without a click.
        Signal.connectSequence(UnsafeMutableRawPointer(drag), "cancel") { [weak self] in self?.dragCancelled = true }
        Signal.connectPoint(UnsafeMutableRawPointer(drag), "drag-end") { [weak self] dx, dy in
            guard let self else { return }
            switch self.model.endPointerDrag(dx: dx, dy: dy, cancelled: self.dragCancelled) {
            case .tap(let page):
                if let page { self.onOpen?(page) }
                self.render()
            case .snap(let transition):
                self.animate(transition)
            }
        }
        gtk_widget_add_controller(root, drag)

        // Focused: ← and → step (mirrored right to left), Enter or Space opens the banner.
        let keys = gtk_event_controller_key_new()!
        Signal.connectKey(UnsafeMutableRawPointer(keys)) { [weak self] key, _ in
            guard let self else { return false }
            switch Int32(bitPattern: key) {
            case GDK_KEY_Left, GDK_KEY_KP_Left, GDK_KEY_Right, GDK_KEY_KP_Right:
                let right = key == UInt32(GDK_KEY_Right) || key == UInt32(GDK_KEY_KP_Right)
                self.step(forward: right == (self.pageSign > 0))
            case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_space:
                if let page = self.model.currentPage { self.onOpen?(page) }
            default:
                return false
            }
            return true
        }
        gtk_widget_add_controller(root, keys)
        AccessibleAction.attach(to: root, prefix: "banner") { [weak self] in
            guard let self, let page = self.model.currentPage else { return }
            self.onOpen?(page)
        }
    }

    private func endSwipe() {
        swipeEndTimer?.cancel()
        swipeEndTimer = nil
        if let transition = model.endSwipe() { animate(transition) }
    }

    /// +1, or −1 right to left: the next banner is then to the left of the current one.
    private var pageSign: CGFloat { Accessible.layoutDirection(of: root).horizontalSign }

    private func updateRunning() {
        model.setVisible(onScreen && !hovered)
    }

    private func animate(_ transition: CarouselTransition) {
        guard !transition.isEmpty else {
            render()
            return
        }
        animation?.stop()
        animation = nil
        guard gtk_widget_get_mapped(root) != 0 else {
            // Off screen no frame clock ticks: land on the page at once.
            drawnPosition = model.position
            render()
            return
        }
        animation = MotionAnimation(
            widget: root, motion: .pageSnap, from: transition.from, to: transition.to,
            onFrame: { [weak self] position in
                self?.drawnPosition = position
                self?.render()
            },
            onFinish: { [weak self] in
                guard let self else { return }
                self.animation = nil
                self.drawnPosition = self.model.position
                self.render()
            })
    }

    private func render() {
        guard !items.isEmpty, size.width > 0 else {
            for slot in slots { gtk_widget_set_visible(slot.box, 0) }
            return
        }
        let cells = model.cells(at: drawnPosition)
        // Asked for at the device pixels it covers, not the points: a cover fitted inside the box
        // would be drawn enlarged across it.
        let box = CoverFit.pixelBox(size, scale: CGFloat(gtk_widget_get_scale_factor(root)))
        // Widget slots 0, 1, 2 show the model's cells −1 (previous), 0 (current) and 1 (next).
        for (index, slot) in slots.enumerated() {
            guard let cell = cells.first(where: { $0.slot == index - 1 }), items.indices.contains(cell.page) else {
                gtk_widget_set_visible(slot.box, 0)
                continue
            }
            gtk_widget_set_visible(slot.box, 1)
            gtk_fixed_move(
                stage.as(GtkFixed.self), slot.box, (cell.offset * size.width * Double(pageSign)).rounded(), 0)
            let item = items[cell.page]
            let decode = CoverFit.decodeSize(
                covering: box, imageAspect: item.aspectRatio, maximumOverscan: CoverFit.bannerOverscan)
            let url = coverURL?(item.coverURL, PixelSize(width: box.width, height: box.height)) ?? item.coverURL
            let request = ImageRequest(url: url, targetSize: PixelSize(width: decode.width, height: decode.height))
            let cover = slot.cover
            binder.bind(request, to: index) { state in
                switch state {
                case .image(let image): cover.show(image)
                case .placeholder, .loading, .failure: cover.clear()
                }
            }
        }
        let page = model.currentPage ?? 0
        let title = items.indices.contains(page) ? items[page].title : ""
        gtk_label_set_text(caption, title)
        Accessible.setLabel(root, AccessibleText.banner(index: page, count: items.count, translate: Localization.text))
        Accessible.setDescription(root, title)
        var dot = gtk_widget_get_first_child(dots)
        var index = 0
        while let current = dot {
            current.setCSSClass("active", index == page)
            dot = gtk_widget_get_next_sibling(current)
            index += 1
        }
    }
}
