import Foundation

/// Turns a drag on the video into a seek, a volume change or a brightness change, the way
/// ZFPlayer does.
///
/// The direction is locked when the pan starts, by comparing the horizontal and vertical
/// velocity. Hosts that report no velocity at the start (GTK's drag gesture) pass zero and the
/// direction locks on the first movement longer than `Configuration.lockDistance`, by comparing
/// the translation instead. A horizontal drag previews a position and seeks on release; a
/// vertical drag changes the volume on the right half of the view and the brightness on the left
/// half, up meaning more, both clamped to 0…1.
///
/// ```swift
/// var pan = PanGestureResolver(size: size, context: .init(position: 10, duration: 60, volume: 1, brightness: 1))
/// pan.begin(at: CGPoint(x: 50, y: 40), velocity: CGPoint(x: 300, y: 10))  // horizontal
/// pan.change(translation: CGPoint(x: 40, y: 3))   // .seekPreview(...)
/// pan.end()                                        // .seekCommit(...)
/// ```
public struct PanGestureResolver: Sendable {
    /// What a drag does, decided once per pan.
    public enum Direction: Equatable, Sendable {
        /// Not decided yet (no velocity at the start and not enough movement).
        case undecided
        /// Seeking.
        case horizontal
        /// Brightness (left half of the view).
        case verticalLeft
        /// Volume (right half of the view).
        case verticalRight
    }

    /// What the controller should do for a pan change.
    public enum Action: Equatable, Sendable {
        /// Show this position (seconds) while dragging; do not seek yet.
        case seekPreview(Double)
        /// Seek to this position (seconds): the drag ended.
        case seekCommit(Double)
        /// Set the volume, 0…1.
        case volume(Double)
        /// Set the brightness, 0…1.
        case brightness(Double)
    }

    /// The player's values when the pan starts.
    public struct Context: Equatable, Sendable {
        /// Position in seconds.
        public var position: Double
        /// Duration in seconds (0 when unknown: horizontal drags then do nothing).
        public var duration: Double
        /// Volume, 0…1.
        public var volume: Double
        /// Brightness, 0…1.
        public var brightness: Double

        /// Creates a context.
        public init(position: Double, duration: Double, volume: Double, brightness: Double) {
            self.position = position
            self.duration = duration
            self.volume = volume
            self.brightness = brightness
        }
    }

    /// Tuning.
    public struct Configuration: Equatable, Sendable {
        /// Seconds a drag across the whole width seeks, at most (short clips use their duration).
        public var maximumSecondsPerWidth: Double = 120
        /// Volume or brightness change of a drag across the whole height.
        public var valuePerHeight: Double = 1
        /// Movement (points) that locks an undecided direction.
        public var lockDistance: Double = 8

        /// The defaults.
        public init() {}
    }

    /// The view's size in points.
    public let size: CGSize
    /// The values at the start of the pan.
    public let context: Context
    /// The tuning.
    public let configuration: Configuration
    /// The locked direction.
    public private(set) var direction: Direction = .undecided

    private var startSide: Direction = .verticalRight
    private var preview: Double?

    /// Creates a resolver for one pan over a view of `size`.
    public init(size: CGSize, context: Context, configuration: Configuration = Configuration()) {
        self.size = size
        self.context = context
        self.configuration = configuration
    }

    // MARK: Pan phases

    /// Starts the pan at `location` with `velocity` (points per second; zero if unknown).
    public mutating func begin(at location: CGPoint, velocity: CGPoint) {
        startSide = Double(location.x) < Double(size.width) / 2 ? .verticalLeft : .verticalRight
        preview = nil
        let vx = abs(Double(velocity.x))
        let vy = abs(Double(velocity.y))
        guard vx.isFinite, vy.isFinite, vx != vy else {
            direction = .undecided
            return
        }
        direction = vx > vy ? .horizontal : startSide
    }

    /// The pan moved by `translation` since it began; returns what to do, if anything.
    ///
    /// Returns nil while the direction is undecided, for a horizontal drag over media of
    /// unknown duration, and for a view with no area or a non-finite translation.
    public mutating func change(translation: CGPoint) -> Action? {
        let dx = Double(translation.x)
        let dy = Double(translation.y)
        let width = Double(size.width)
        let height = Double(size.height)
        guard dx.isFinite, dy.isFinite, width > 0, height > 0, width.isFinite, height.isFinite else { return nil }
        if direction == .undecided {
            guard (dx * dx + dy * dy).squareRoot() >= configuration.lockDistance else { return nil }
            direction = abs(dx) > abs(dy) ? .horizontal : startSide
        }
        switch direction {
        case .undecided:
            return nil
        case .horizontal:
            let duration = context.duration
            guard duration > 0, duration.isFinite else { return nil }
            let span = min(duration, max(0, configuration.maximumSecondsPerWidth))
            let target = Self.clamp(context.position + dx / width * span, 0, duration)
            preview = target
            return .seekPreview(target)
        case .verticalLeft:
            return .brightness(Self.clamp(context.brightness - dy / height * configuration.valuePerHeight, 0, 1))
        case .verticalRight:
            return .volume(Self.clamp(context.volume - dy / height * configuration.valuePerHeight, 0, 1))
        }
    }

    /// The pan ended: a horizontal drag that previewed a position commits it.
    public mutating func end() -> Action? {
        defer { preview = nil }
        guard direction == .horizontal, let preview else { return nil }
        return .seekCommit(preview)
    }

    // MARK: Private

    private static func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
        guard value.isFinite else { return low }
        return min(high, max(low, value))
    }
}
