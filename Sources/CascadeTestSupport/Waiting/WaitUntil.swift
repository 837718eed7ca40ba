import Foundation

/// Waits until `condition` holds, checking it every `interval`; returns whether it held before
/// `timeout` passed. The one way tests wait for work another task, thread or process does:
/// never sleep a fixed time and then assert. A negative check ("nothing else happens") waits
/// on a gate, a manual clock or the state that would have changed synchronously instead.
///
/// ```swift
/// #expect(await waitUntil { model.items.count == 10 })
/// ```
///
/// The timeout is generous (the machines that run the tests are shared) and never asserted:
/// a condition that holds returns as soon as it is seen.
@discardableResult
public func waitUntil(
    timeout: Duration = .seconds(20), interval: Duration = .milliseconds(2),
    isolation: isolated (any Actor)? = #isolation, _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while true {
        if try await condition() { return true }
        if clock.now >= deadline { return false }
        try? await Task.sleep(for: interval)
    }
}

/// `waitUntil` for code that cannot suspend (a child process, a helper thread): blocks the
/// calling thread between checks.
@discardableResult
public func waitUntilBlocking(
    timeout: Duration = .seconds(20), interval: Duration = .milliseconds(10), _ condition: () throws -> Bool
) rethrows -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while true {
        if try condition() { return true }
        if clock.now >= deadline { return false }
        Thread.sleep(
            forTimeInterval: Double(interval.components.seconds) + Double(interval.components.attoseconds) * 1e-18)
    }
}
