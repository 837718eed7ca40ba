/// A seek slider's press, drag and release: while pressed, its value changes preview the time
/// and the release seeks once, where it was let go; changes without a press (keys, the wheel)
/// seek at once.
public struct SliderScrub: Equatable, Sendable {
    /// What a change of the slider's value does.
    public enum Change: Equatable, Sendable {
        /// Show this time without seeking (the slider is being dragged).
        case preview(Double)
        /// Seek to this time.
        case seek(Double)
    }

    /// Whether the slider is pressed.
    public private(set) var isScrubbing = false

    /// Creates a slider at rest.
    public init() {}

    /// The pointer (or a finger) pressed the slider.
    public mutating func pressed() {
        isScrubbing = true
    }

    /// The pointer lifted with the slider at `value`: the time to seek to, or nil when no
    /// press was under way.
    public mutating func released(at value: Double) -> Double? {
        guard isScrubbing else { return nil }
        isScrubbing = false
        return value
    }

    /// The slider's value changed to `value`.
    public func changed(to value: Double) -> Change {
        isScrubbing ? .preview(value) : .seek(value)
    }
}
