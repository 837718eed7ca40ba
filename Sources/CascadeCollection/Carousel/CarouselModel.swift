import CascadeNumerics
import CascadeScheduling
import Foundation

/// The state of an endless banner carousel: pages, a fractional position, dragging, snapping
/// and auto-advance.
///
/// Technique: three-cell re-centring. The position is a page index kept wrapped into
/// `0..<pageCount`; the host lays out at most three cells (previous, current, next) from
/// `cells(at:)` and rebinds them as the position moves, so there is no huge repeated
/// content and no offset to re-centre. Snapped positions are whole numbers and wrapping
/// uses exact integer arithmetic, so the index never drifts however many swipes or timer
/// ticks happen. 0 pages shows nothing; 1 page neither loops nor auto-advances; 2 pages loop
/// (the left and right cells both show the other page).
///
/// Auto-advance runs on an injected `Scheduling`, only while there are two or more pages, the
/// carousel is visible and not being dragged. The timer's closure captures the model weakly,
/// so a running timer never keeps the model (or its owner) alive.
@MainActor
public final class CarouselModel {
    // MARK: State

    /// The number of pages (≥ 0).
    public private(set) var pageCount: Int
    /// The position in pages, in `0..<pageCount` (0 without pages); fractional while dragging.
    public private(set) var position: Double = 0
    /// Seconds between automatic advances (≤ 0 or non-finite: never).
    public let autoAdvanceInterval: Double
    /// Called on each automatic advance with the transition to animate.
    public var onAutoAdvance: ((CarouselTransition) -> Void)?

    /// Whether the user is dragging.
    public private(set) var isDragging = false
    /// Whether the carousel is on screen (set by the host).
    public private(set) var isVisible = true

    private let scheduler: (any Scheduling)?
    private var timer: ScheduledTask?
    /// The unwrapped position while dragging; the drag stays within one page of its start.
    private var dragStart: Double = 0
    private var dragPosition: Double = 0
    /// The pointer's travel in page widths since its drag or swipe began, over time
    /// (`CarouselModel+Gestures`).
    var gestureTracker = VelocityTracker()
    /// A touchpad swipe's travel in page widths so far (nil: no swipe under way).
    var swipePages: Double?

    // MARK: Lifecycle

    /// Creates a carousel showing page 0.
    ///
    /// - Parameters:
    ///   - pageCount: pages (negative counts as 0).
    ///   - autoAdvanceInterval: seconds between automatic advances.
    ///   - scheduler: the timer source; nil disables auto-advance.
    public init(pageCount: Int, autoAdvanceInterval: Double = 3, scheduler: (any Scheduling)? = nil) {
        self.pageCount = max(0, pageCount)
        self.autoAdvanceInterval = autoAdvanceInterval
        self.scheduler = scheduler
        updateTimer()
    }

    isolated deinit {
        timer?.cancel()
    }

    // MARK: Queries

    /// The page shown (the nearest to the position), or nil without pages.
    public var currentPage: Int? {
        guard pageCount > 0 else { return nil }
        return wrap(Int(saturatingRounded: position))
    }

    /// Whether the carousel wraps around (two or more pages).
    public var isLooping: Bool { pageCount >= 2 }

    /// Whether the auto-advance timer is running.
    public var isAutoAdvancing: Bool { timer != nil }

    /// The cells for the current position.
    public var cells: [CarouselCell] { cells(at: isDragging ? dragPosition : position) }

    /// The cells to show for a position (wrapped or not, e.g. during a transition): the page
    /// nearest to it and its two neighbours, offset in page widths.
    public func cells(at position: Double) -> [CarouselCell] {
        guard pageCount > 0, position.isFinite else { return [] }
        guard isLooping else { return [CarouselCell(slot: 0, page: 0, offset: 0)] }
        let centre = position.rounded()
        let fraction = position - centre
        return (-1...1).map { slot in
            CarouselCell(slot: slot, page: wrap(Int(saturating: centre) &+ slot), offset: Double(slot) - fraction)
        }
    }

    // MARK: Dragging

    /// The user started dragging: auto-advance pauses.
    public func beginDrag() {
        guard !isDragging else { return }
        isDragging = true
        dragStart = position
        dragPosition = position
        updateTimer()
    }

    /// The finger moved by `pages` page widths (positive: towards the next page). The drag
    /// is limited to one page either way (three cells); a single page does not move.
    public func drag(by pages: Double) {
        guard isDragging, isLooping, pages.isFinite else { return }
        dragPosition = min(dragStart + 1, max(dragStart - 1, dragPosition + pages))
        position = wrapped(dragPosition)
    }

    /// The finger lifted with `velocity` pages per second. Snaps by `PageSnap` (a flick goes on
    /// to the next page in its direction, a slow release to the nearest page), at most one
    /// page from where the drag started, and resumes auto-advance. Returns the transition to
    /// animate.
    @discardableResult
    public func endDrag(velocity: Double = 0) -> CarouselTransition {
        guard isDragging else { return CarouselTransition(from: position, to: position, page: currentPage) }
        isDragging = false
        defer { updateTimer() }
        guard isLooping else {
            position = 0
            return CarouselTransition(from: 0, to: 0, page: currentPage)
        }
        let reach = Int(saturating: (dragStart - 1).rounded(.up))...Int(saturating: (dragStart + 1).rounded(.down))
        let target = Double(PageSnap.target(position: dragPosition, velocity: velocity, pages: reach))
        position = wrapped(target)
        return CarouselTransition(from: dragPosition, to: target, page: currentPage)
    }

    // MARK: Moving

    /// Moves `steps` pages (negative: backwards), wrapping around. No-op below two pages.
    @discardableResult
    public func advance(by steps: Int = 1) -> CarouselTransition {
        let start = settledPosition()
        guard isLooping, !isDragging else { return CarouselTransition(from: start, to: start, page: currentPage) }
        position = Double(wrap(Int(saturating: start) &+ steps))
        return CarouselTransition(from: start, to: start + Double(steps), page: currentPage)
    }

    /// Goes to `page` by the shortest way round (the nearest copy): from the last page to the
    /// first moves one page forward. Pages out of range are wrapped.
    @discardableResult
    public func scroll(toPage page: Int) -> CarouselTransition {
        guard isLooping, !isDragging else { return advance(by: 0) }
        let current = Int(saturating: settledPosition())
        var delta = wrap(page - current)
        if delta * 2 > pageCount { delta -= pageCount }
        return advance(by: delta)
    }

    // MARK: Host state

    /// The host shows or hides the carousel; auto-advance runs only while visible.
    public func setVisible(_ visible: Bool) {
        isVisible = visible
        updateTimer()
    }

    /// Changes the number of pages (new data arrived). The current page is kept when it
    /// still exists, else the last page is shown; a drag in progress is cancelled.
    public func setPageCount(_ count: Int) {
        let count = max(0, count)
        let current = currentPage ?? 0
        pageCount = count
        isDragging = false
        position = count == 0 ? 0 : Double(min(current, count - 1))
        updateTimer()
    }

    // MARK: Private

    private func settledPosition() -> Double {
        pageCount > 0 ? Double(wrap(Int(saturatingRounded: position))) : 0
    }

    private func wrap(_ index: Int) -> Int {
        guard pageCount > 0 else { return 0 }
        let remainder = index % pageCount
        return remainder < 0 ? remainder + pageCount : remainder
    }

    private func wrapped(_ value: Double) -> Double {
        guard pageCount > 0 else { return 0 }
        let count = Double(pageCount)
        let result = value - (value / count).rounded(.down) * count
        return result >= count ? 0 : result
    }

    private func autoAdvance() {
        let transition = advance(by: 1)
        if !transition.isEmpty { onAutoAdvance?(transition) }
    }

    private func updateTimer() {
        let shouldRun =
            isLooping && isVisible && !isDragging && autoAdvanceInterval.isFinite && autoAdvanceInterval > 0
            && scheduler != nil
        if shouldRun, timer == nil, let scheduler {
            timer = scheduler.scheduleRepeating(every: autoAdvanceInterval) { [weak self] in self?.autoAdvance() }
        } else if !shouldRun, let running = timer {
            running.cancel()
            timer = nil
        }
    }
}
