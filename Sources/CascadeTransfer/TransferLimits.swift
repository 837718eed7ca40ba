import Foundation

/// The bounds of one transfer through a `BoundedTransferSession`.
public struct TransferLimits: Sendable, Equatable {
    /// The largest body accepted, in bytes as delivered (after any `Content-Encoding` is
    /// decoded); the transfer is cancelled the moment the body passes it.
    public var maximumBytes: Int
    /// Seconds without progress after which the transfer fails with `.timedOut`.
    public var idleTimeout: Double
    /// Seconds after which the transfer fails with `.timedOut` even while data keeps arriving.
    public var deadline: Double
    /// Whether a body longer than `maximumBytes` ends the transfer with its first
    /// `maximumBytes` bytes (a probe reading a file's header) instead of failing with `.tooLarge`.
    public var keepsFirstBytes: Bool

    /// Creates limits; non-finite or non-positive values fall back to the defaults (8 MB, 10 s,
    /// 60 s).
    public init(
        maximumBytes: Int = 8 * 1024 * 1024, idleTimeout: Double = 10, deadline: Double = 60,
        keepsFirstBytes: Bool = false
    ) {
        self.maximumBytes = max(1, maximumBytes)
        self.keepsFirstBytes = keepsFirstBytes
        self.idleTimeout = idleTimeout.isFinite && idleTimeout > 0 ? idleTimeout : 10
        self.deadline = deadline.isFinite && deadline > 0 ? deadline : 60
    }
}
