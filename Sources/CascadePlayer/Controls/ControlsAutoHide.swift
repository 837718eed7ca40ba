import CascadeScheduling

/// Shows the controls overlay on interaction and hides it after a quiet period.
///
/// Auto-hiding is only enabled while playback runs: a paused, ended or failed player keeps
/// its controls visible, as video players do. Every interaction (a tap that shows the
/// controls, pointer motion, a key, a drag) restarts the countdown.
@MainActor
public final class ControlsAutoHide {
    /// Seconds without interaction before the controls hide.
    public let delay: Double
    /// Whether the controls are shown.
    public private(set) var isVisible = true
    /// Whether the controls hide by themselves (true while playing).
    public private(set) var isEnabled = false
    /// Called whenever `isVisible` changes (including when the countdown hides them).
    public var onVisibilityChange: (@MainActor (Bool) -> Void)?

    private let scheduler: Scheduling
    private var pending: ScheduledTask?

    /// Creates a model that hides the controls `delay` seconds after the last interaction.
    /// A negative or non-finite delay is clamped to 0.
    public init(delay: Double = 2.5, scheduler: Scheduling) {
        self.delay = delay.isFinite ? max(0, delay) : 0
        self.scheduler = scheduler
    }

    /// Enables or disables hiding; disabling shows the controls and stops the countdown.
    public func setEnabled(_ enabled: Bool) {
        guard enabled != isEnabled else { return }
        isEnabled = enabled
        if enabled {
            restartCountdown()
        } else {
            pending?.cancel()
            pending = nil
            setVisible(true)
        }
    }

    /// Pointer motion, a key or a drag: shows the controls and restarts the countdown.
    public func interact() {
        setVisible(true)
        restartCountdown()
    }

    /// A tap on the video: hides visible controls while playing, shows hidden ones.
    public func tap() {
        if isVisible && isEnabled {
            pending?.cancel()
            pending = nil
            setVisible(false)
        } else {
            interact()
        }
    }

    // MARK: Private

    private func restartCountdown() {
        pending?.cancel()
        pending = nil
        guard isEnabled, isVisible else { return }
        pending = scheduler.schedule(after: delay) { [weak self] in
            guard let self else { return }
            self.pending = nil
            if self.isEnabled { self.setVisible(false) }
        }
    }

    private func setVisible(_ visible: Bool) {
        guard visible != isVisible else { return }
        isVisible = visible
        onVisibilityChange?(visible)
    }
}
