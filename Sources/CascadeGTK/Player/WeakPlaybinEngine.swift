/// A weak engine reference that can cross to the probe's thread (dereferenced on the main thread only).
final class WeakPlaybinEngine: @unchecked Sendable {
    weak var engine: PlaybinEngine?
    init(_ engine: PlaybinEngine) { self.engine = engine }
}
