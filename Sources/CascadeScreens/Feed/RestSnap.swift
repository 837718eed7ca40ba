/// When a scrolled feed's offset counts as resting, so that the host puts it on a whole device
/// pixel (`PixelGrid.restingOffset`) and its cells offer tooltips again.
///
/// Wheel and touchpad scrolling move by fractions of a pixel, and a feed left on one draws every
/// cover resampled by it. The offset rests once it has not changed for `delay` seconds: each
/// change only notes its time, and the one wait under way re-arms itself until then.
public struct RestSnap: Equatable, Sendable {
    /// How long the offset must rest before it is put on a whole pixel, in seconds.
    public static let delay = 0.15

    private var lastChange = -Double.infinity

    /// Creates a clock whose offset has rested since ever.
    public init() {}

    /// The offset changed at `time` (seconds on any monotonic clock).
    public mutating func offsetChanged(at time: Double) {
        lastChange = time
    }

    /// Asked when the wait ends at `time`: nil when the offset has rested `delay` seconds (snap
    /// it now), else the seconds still to wait.
    public func remainingWait(at time: Double) -> Double? {
        isResting(at: time) ? nil : Self.delay - (time - lastChange)
    }

    /// Whether the offset has not changed for `delay` seconds at `time`.
    public func isResting(at time: Double) -> Bool {
        time - lastChange >= Self.delay
    }
}
