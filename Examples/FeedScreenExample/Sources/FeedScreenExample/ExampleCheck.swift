import CascadeLayout
import CascadeScreens
import Foundation

/// What the run checks after each step: the cells are exactly the visible elements, and the
/// feed holds what the loader sent. Failures are collected; the run exits non-zero with them.
@MainActor
struct ExampleCheck {
    private(set) var failures: [String] = []

    mutating func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { failures.append(message()) }
    }

    /// The host's cells are the layout's elements in the rect on screen, each at its frame and
    /// showing the video the model has at its index.
    mutating func cellsMatchLayout(_ host: RecordingHost, model: FeedScreenModel, step: String) {
        let rect = CGRect(origin: CGPoint(x: 0, y: model.scrollOffset), size: host.viewportSize)
        let expected = model.layout.elements(in: rect).filter { model.itemIndex(of: $0.id) != nil }
        let shown = host.visibleItems
        expect(!shown.isEmpty, "\(step): no item visible")
        expect(
            Set(shown.map(\.index)) == Set(expected.compactMap { model.itemIndex(of: $0.id) }),
            "\(step): the cells are not the visible items")
        for entry in shown where entry.frame != model.frame(ofItem: entry.index) {
            failures.append("\(step): item \(entry.index) is drawn at a stale frame")
        }
        for entry in shown where entry.videoID != model.items[entry.index].id {
            failures.append("\(step): item \(entry.index) shows \(entry.videoID), not \(model.items[entry.index].id)")
        }
    }

    /// Waits, on the main actor, until `condition` holds or `seconds` pass.
    static func wait(seconds: Double = 10, until condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while !condition() {
            if ContinuousClock.now >= deadline { return false }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return true
    }
}
