import Foundation

/// Decides when a feed should load its next page: once per approach to the end.
///
/// It fires when the distance from the bottom of the viewport to the end of the content
/// drops under `threshold` while scrolling forward, then stays quiet until the content grows
/// (the page landed) or `reset()` is called (a refresh). It never fires while scrolling
/// backward, and fires for content shorter than the viewport only when
/// `firesWhenContentFits` is set.
public struct LoadMoreTrigger: Sendable, Equatable {
    // MARK: Configuration

    /// The trigger distance, in screens (viewport lengths). Default 1.
    public var thresholdScreens: CGFloat
    /// Whether content shorter than the viewport (nothing to scroll) fires. Default false.
    public var firesWhenContentFits: Bool

    // MARK: State

    /// The content length when the trigger last fired; nil when armed.
    public private(set) var firedAtContentLength: CGFloat?
    private var lastOffset: CGFloat?

    // MARK: Lifecycle

    /// Creates an armed trigger; a negative or non-finite threshold counts as 0.
    public init(thresholdScreens: CGFloat = 1, firesWhenContentFits: Bool = false) {
        self.thresholdScreens = thresholdScreens.isFinite ? max(0, thresholdScreens) : 0
        self.firesWhenContentFits = firesWhenContentFits
    }

    // MARK: Updating

    /// Feeds one scroll position; returns true exactly when the next page should be loaded.
    ///
    /// - Parameters:
    ///   - offset: the scroll offset along the axis (top of the viewport).
    ///   - viewportLength: the viewport's length along the axis.
    ///   - contentLength: the content's length along the axis.
    public mutating func update(offset: CGFloat, viewportLength: CGFloat, contentLength: CGFloat) -> Bool {
        guard offset.isFinite, viewportLength.isFinite, contentLength.isFinite, viewportLength > 0 else { return false }
        let previous = lastOffset
        lastOffset = offset
        if let fired = firedAtContentLength {
            guard contentLength > fired else { return false }
            firedAtContentLength = nil  // the content grew: re-arm
        }
        if let previous, offset < previous { return false }  // scrolling backward
        if contentLength <= viewportLength && !firesWhenContentFits { return false }
        let remaining = contentLength - (offset + viewportLength)
        guard remaining < thresholdScreens * viewportLength else { return false }
        firedAtContentLength = contentLength
        return true
    }

    /// Re-arms the trigger (after a refresh replaced the content).
    public mutating func reset() {
        firedAtContentLength = nil
        lastOffset = nil
    }
}
