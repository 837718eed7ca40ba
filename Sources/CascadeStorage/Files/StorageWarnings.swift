import Foundation
import Synchronization

/// Reports storage failures once per folder: a full disk or a read-only folder fails every write
/// there, and one line says so; the app goes on from memory.
public final class StorageWarnings: Sendable {
    /// The process's reporter, which every `AtomicFile` failure goes to.
    public static let shared = StorageWarnings()

    private struct State {
        var reported: Set<String> = []
        var sink: (@Sendable (String) -> Void)?
        var messages: [String] = []
    }

    private let state = Mutex(State())

    /// Creates a reporter with no sink.
    public init() {}

    /// Where the first failure in each folder is told (the app prints it on stderr); nil keeps
    /// them in `messages` only.
    public func setSink(_ sink: (@Sendable (String) -> Void)?) {
        state.withLock { $0.sink = sink }
    }

    /// The warnings reported so far, oldest first.
    public var messages: [String] { state.withLock { $0.messages } }

    /// Records `failure`; returns the warning when it is the first in its folder, else nil.
    @discardableResult
    public func report(_ failure: StorageFailure) -> String? {
        let folder = failure.folder
        let message = "\(failure); going on from memory (later failures in \(folder) are not reported)"
        let sink: (@Sendable (String) -> Void)?? = state.withLock { state in
            guard state.reported.insert(folder).inserted else { return .none }
            state.messages.append(message)
            return .some(state.sink)
        }
        guard case .some(let deliver) = sink else { return nil }
        deliver?(message)
        return message
    }
}
