/// At most `limit` holders at once; later callers wait in order. Cancelled waiters leave the
/// queue without taking a slot.
actor AsyncGate {
    private let limit: Int
    private var running = 0
    private var waiters: [(id: Int, continuation: CheckedContinuation<Bool, Never>)] = []
    private var nextID = 0

    init(limit: Int) { self.limit = max(1, limit) }

    /// Waits for a slot; false when the task was cancelled while waiting (no slot taken).
    func enter() async -> Bool {
        if running < limit {
            running += 1
            return true
        }
        let id = nextID
        nextID += 1
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled {
                    continuation.resume(returning: false)
                } else {
                    waiters.append((id, continuation))
                }
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    /// Gives the slot back.
    func leave() {
        if waiters.isEmpty {
            running -= 1
        } else {
            waiters.removeFirst().continuation.resume(returning: true)
        }
    }

    /// How many hold a slot.
    var holders: Int { running }

    private func cancelWaiter(_ id: Int) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(returning: false)
    }
}
