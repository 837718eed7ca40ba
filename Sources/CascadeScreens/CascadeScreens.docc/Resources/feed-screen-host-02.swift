import CascadeCollection
import CascadeFeed
import CascadeLayout
import CascadeScreens
import Foundation

/// A host that draws nothing: it keeps one "cell" per visible element, as a real host keeps
/// widgets (where it is and which video it was bound to), and records every call the model
/// makes, in order.
@MainActor
final class RecordingHost {
    /// What the model told the host.
    enum Call: Equatable {
        case itemsChanged(FeedScreenModel.ItemsChange)
        case chromeChanged(footer: String)
    }

    /// A cell: bound to a video when it appeared, moved (not bound again) when its element moved.
    struct Cell {
        var frame: CGRect
        var videoID: String?
    }

    private let model: FeedScreenModel
    private(set) var calls: [Call] = []
    private(set) var cells: [ElementID: Cell] = [:]
    let viewportSize: CGSize

    init(model: FeedScreenModel, viewportSize: CGSize) {
        self.model = model
        self.viewportSize = viewportSize
        model.onItemsChanged = { [unowned self] change in self.itemsChanged(change) }
        model.onChromeChanged = { [unowned self] in
            self.calls.append(.chromeChanged(footer: self.model.footerText))
        }
        model.attachHost()
        model.setContainerSize(viewportSize)
    }

    /// Scrolls to `offset` (clamped to the content) and applies what the viewport reports.
    func scroll(to offset: Double) {
        let maxOffset = max(0, Double(model.scrollableContentHeight) - Double(viewportSize.height))
        model.scrollOffset = min(max(0, offset), maxOffset)
        apply(model.scroll(to: CGRect(origin: CGPoint(x: 0, y: model.scrollOffset), size: viewportSize)))
    }

    /// The item cells, top to bottom and then left to right: the item index each one stands
    /// for, the video it shows and where.
    var visibleItems: [(index: Int, videoID: String, frame: CGRect)] {
        cells.compactMap { id, cell in
            guard let index = model.itemIndex(of: id), let videoID = cell.videoID else { return nil }
            return (index: index, videoID: videoID, frame: cell.frame)
        }.sorted { ($0.frame.minY, $0.frame.minX) < ($1.frame.minY, $1.frame.minX) }
    }

    // MARK: Private

    private func itemsChanged(_ change: FeedScreenModel.ItemsChange) {
        calls.append(.itemsChanged(change))
        switch change {
        case .appended: break
        case .replaced:
            // Every id may now stand for other content: drop every cell, then show the rect again.
            apply(model.viewport.reset())
        case .updated(let changes):
            // Cells follow their videos to their new indices; those of videos that went are
            // dropped. The next scroll moves the kept ones to their new frames.
            let oldCount = model.items.count - changes.inserts.count + changes.deletes.count
            let positions = changes.newPositions(oldCount: oldCount)
            var kept: [ElementID: Cell] = [:]
            for (id, cell) in cells where id.kind == .item && positions.indices.contains(id.path.item) {
                if let position = positions[id.path.item] { kept[.item(position, section: id.path.section)] = cell }
            }
            cells = kept
            _ = model.viewport.reset()
            scroll(to: model.scrollOffset)
            // Kept cells of videos now off screen: nothing reported them as disappeared.
            let visible = Set(model.viewport.visibleElements.map(\.id))
            cells = cells.filter { visible.contains($0.key) }
            return
        }
        scroll(to: model.scrollOffset)
    }

    private func apply(_ update: ViewportUpdate) {
        for element in update.disappeared { cells[element.id] = nil }
        for element in update.appeared {
            // A kept cell (after a diff) moves to its frame; any other is bound to its video.
            if cells[element.id] != nil {
                cells[element.id]?.frame = element.frame
                continue
            }
            let videoID = model.itemIndex(of: element.id).map { model.items[$0].id }
            cells[element.id] = Cell(frame: element.frame, videoID: videoID)
        }
        for element in update.moved { cells[element.id]?.frame = element.frame }
    }
}
