import CascadeScheduling

/// Decides when a feed cell plays its hover preview, which cell, and when it stops; the host
/// opens and releases the one preview pipeline it is told to.
///
/// - A preview starts when the pointer has rested on a cell for `Timing.pointerRest` (0.5 s:
///   each motion over the cell restarts the wait) or the keyboard focus has stayed on it for
///   `Timing.focusRest` (1 s).
/// - At most one preview is pending or live: a rest or focus on another cell stops the
///   current one first.
/// - It stops at once on a scroll, the pointer leaving its cell, a focus change, the player
///   page opening, the window losing the focus, the cell leaving the drawn set, the items
///   being replaced, or previews being turned off (`isEnabled = false`).
/// - The host's player loops the clip's first `Timing.loopLength` seconds.
///
/// While the window is not focused a pointer rest still starts a preview (pointing is a
/// deliberate act, and a window manager may not focus a window under the pointer), a focus
/// rest does not.
///
/// ```swift
/// let previews = HoverPreviewController(scheduler: scheduler)
/// previews.onStart = { item in host.open(item) }       // muted, looping
/// previews.onStop = { item, reason in host.release() }
/// previews.pointerMoved(overItem: 3)                    // 0.5 s later: onStart(3)
/// ```
@MainActor
public final class HoverPreviewController {
    /// The delays of the rules above.
    public struct Timing: Equatable, Sendable {
        /// Seconds the pointer must rest on a cell.
        public var pointerRest = 0.5
        /// Seconds the keyboard focus must stay on a cell.
        public var focusRest = 1.0
        /// Seconds of the clip the preview plays before starting over.
        public var loopLength = 5.0

        /// The defaults.
        public init() {}
    }

    // MARK: Lifecycle

    /// Creates an idle controller; `isEnabled` follows the `--no-previews` flag and the
    /// persisted preference.
    public init(scheduler: any Scheduling, timing: Timing = Timing(), isEnabled: Bool = true) {
        self.scheduler = scheduler
        self.timing = timing
        self.isEnabled = isEnabled
    }

    // MARK: Public API

    /// Opens the preview of an item (muted, looping, in its cell's cover area).
    public var onStart: ((Int) -> Void)?
    /// Releases the preview's pipeline: the item it showed and why it stopped.
    public var onStop: ((Int, PreviewStopReason) -> Void)?
    /// Called after every state change.
    public var onChange: ((PreviewState) -> Void)?

    /// The timing in use.
    public let timing: Timing
    /// The current state.
    public private(set) var state = PreviewState.idle {
        didSet { if state != oldValue { onChange?(state) } }
    }
    /// Why the last preview stopped, nil before any stopped.
    public private(set) var lastStopReason: PreviewStopReason?
    /// How many previews were started (`onStart` calls).
    public private(set) var startedCount = 0
    /// Whether the window has the focus (the host reports changes).
    public private(set) var isWindowActive = true

    /// Whether previews may start; turning it off stops the current one.
    public var isEnabled: Bool {
        didSet { if !isEnabled { stop(.disabled) } }
    }

    /// The pointer entered or moved over `item`'s cell.
    public func pointerMoved(overItem item: Int) {
        guard isEnabled else { return }
        switch state {
        case .loading(item), .playing(item), .failed(item, _): return
        case .pending(item, .pointer): arm(item, .pointer)
        default:
            stop(.pointerLeft)
            arm(item, .pointer)
        }
    }

    /// The pointer left `item`'s cell.
    public func pointerLeft(item: Int) {
        guard state.item == item else { return }
        stop(.pointerLeft)
    }

    /// The keyboard focus moved onto `item`'s cell.
    public func focusEntered(item: Int) {
        guard isEnabled else { return }
        if state.item == item { return }
        stop(.focusChanged)
        guard isWindowActive else { return }
        arm(item, .focus)
    }

    /// The keyboard focus left `item`'s cell.
    public func focusLeft(item: Int) {
        guard state.item == item else { return }
        stop(.focusChanged)
    }

    /// The feed scrolled.
    public func scrolled() { stop(.scrolled) }

    /// The player page opened.
    public func playerOpened() { stop(.playerOpened) }

    /// The window gained or lost the focus; losing it stops the preview.
    public func windowActiveChanged(_ active: Bool) {
        isWindowActive = active
        if !active { stop(.windowInactive) }
    }

    /// The feed's items were replaced, or another feed's cells now report.
    public func itemsChanged() { stop(.itemsChanged) }

    /// `item`'s cell left the drawn set (it may be rebound to another item).
    public func cellHidden(item: Int) {
        guard state.item == item else { return }
        stop(.cellHidden)
    }

    /// The preview of `item` drew its first frame: the cover fades to the video.
    public func firstFrameShown(item: Int) {
        guard state == .loading(item: item) else { return }
        state = .playing(item: item)
    }

    /// The preview of `item` failed: its pipeline is released and the cover stays.
    public func failed(item: Int, message: String) {
        guard state.isLive, state.item == item else { return }
        lastStopReason = .failed
        state = .failed(item: item, message: message)
        onStop?(item, .failed)
    }

    /// Stops any pending or live preview (`onStop` for a live one).
    public func stop(_ reason: PreviewStopReason) {
        pendingTask?.cancel()
        pendingTask = nil
        switch state {
        case .idle: return
        case .pending, .failed:
            state = .idle
        case .loading(let item), .playing(let item):
            lastStopReason = reason
            state = .idle
            onStop?(item, reason)
        }
    }

    // MARK: Private

    private let scheduler: any Scheduling
    private var pendingTask: ScheduledTask?

    private func arm(_ item: Int, _ trigger: PreviewTrigger) {
        pendingTask?.cancel()
        state = .pending(item: item, trigger: trigger)
        let delay = trigger == .pointer ? timing.pointerRest : timing.focusRest
        pendingTask = scheduler.schedule(after: delay) { [weak self] in self?.begin(item) }
    }

    private func begin(_ item: Int) {
        pendingTask = nil
        guard case .pending(item, _) = state, isEnabled else { return }
        startedCount += 1
        state = .loading(item: item)
        onStart?(item)
    }
}
