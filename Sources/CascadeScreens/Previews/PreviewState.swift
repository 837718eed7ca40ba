/// What the feed's hover preview is doing: at most one cell previews at a time.
///
/// `item` is the index of the previewed item in the feed that asked for it.
public enum PreviewState: Equatable, Sendable {
    /// No preview, none about to start.
    case idle
    /// The pointer rests (or the keyboard focus stays) on `item`; the preview starts when the
    /// rest delay ends.
    case pending(item: Int, trigger: PreviewTrigger)
    /// The preview's pipeline is opening `item`'s video; the cover stays until the first frame.
    case loading(item: Int)
    /// `item`'s preview shows video frames.
    case playing(item: Int)
    /// `item`'s preview could not play (its pipeline is released); the cover stays. Hovering the
    /// same cell again does not retry until the pointer or focus has left it.
    case failed(item: Int, message: String)

    /// The item concerned, nil when idle.
    public var item: Int? {
        switch self {
        case .idle: nil
        case .pending(let item, _), .loading(let item), .playing(let item), .failed(let item, _): item
        }
    }

    /// Whether a pipeline is (or is being) opened for the preview.
    public var isLive: Bool {
        switch self {
        case .loading, .playing: true
        case .idle, .pending, .failed: false
        }
    }

    /// The state's name in the script report: `idle`, `pending`, `loading`, `playing`, `failed`.
    public var name: String {
        switch self {
        case .idle: "idle"
        case .pending: "pending"
        case .loading: "loading"
        case .playing: "playing"
        case .failed: "failed"
        }
    }
}

/// What asked for a preview.
public enum PreviewTrigger: String, Equatable, Sendable {
    /// The pointer resting on a cell.
    case pointer
    /// Keyboard focus staying on a cell.
    case focus
}

/// Why a preview stopped (or never started).
public enum PreviewStopReason: String, Equatable, Sendable {
    /// The feed scrolled.
    case scrolled
    /// The pointer left the cell, or moved on to another one.
    case pointerLeft = "pointer_left"
    /// The keyboard focus left the cell, or moved on to another one.
    case focusChanged = "focus_changed"
    /// The player page opened.
    case playerOpened = "player_opened"
    /// The window lost the focus.
    case windowInactive = "window_inactive"
    /// Previews were turned off.
    case disabled
    /// The feed's items were replaced (a refresh), or another feed took over.
    case itemsChanged = "items_changed"
    /// The cell scrolled out of the drawn set.
    case cellHidden = "cell_hidden"
    /// The pipeline failed.
    case failed
}
