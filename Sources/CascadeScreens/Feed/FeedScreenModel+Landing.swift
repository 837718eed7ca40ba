import CascadeFeed
import CascadeScheduling
import Foundation

/// A page that lands in a feed of fitted cells waits, with the pager's state, until its titles
/// are measured, a slice at a time (`TitleSlicing`), then is laid out at once from the
/// measured lines. Measuring 500 titles with Pango takes 10–30 ms of the main thread: all in
/// one frame, it was the slowest frame of a fling.
struct TitleLanding {
    /// The newest snapshot waiting: an append to the items shown.
    var snapshot: FeedPager.Snapshot
    /// The cells' width the lines were measured at.
    var cellWidth: CGFloat
    /// The next index of `snapshot.items` to measure.
    var next: Int
    /// Measured lines by item id.
    var lines: [String: UInt8] = [:]
    /// The next slice, when one is scheduled.
    var task: ScheduledTask?
}

extension FeedScreenModel {
    /// Whether a page has arrived and waits for its titles to be measured before it is shown.
    public var isMeasuringLanding: Bool { landing != nil }

    /// Applies `snapshot` now, or parks it while its new titles are measured in slices (the
    /// first slice at once: a small page lands in this call). A snapshot that is not an append
    /// to what is shown drops a parked one and is applied now, and so is a first page: with
    /// nothing on screen, no frames need keeping smooth and the user waits for it.
    func apply(_ snapshot: FeedPager.Snapshot) {
        guard cellStyle == .fitted, titleMeasurer?.slicing != nil, !items.isEmpty, isAppend(snapshot.items),
            let width = landingCellWidth()
        else {
            cancelLanding()
            applyNow(snapshot)
            return
        }
        if var parked = landing {
            // The scheduled slice goes on through the new list, skipping titles measured.
            parked.snapshot = snapshot
            parked.next = items.count
            landing = parked
            return
        }
        landing = TitleLanding(snapshot: snapshot, cellWidth: width, next: items.count)
        measureSlice()
    }

    /// Measures titles until the slice's budget is spent, then schedules the next slice or
    /// shows the page: in this slice if it measured for less than half its budget, so one
    /// frame never has both a full slice and the page's layout.
    private func measureSlice() {
        guard var parked = landing, let slicing = titleMeasurer?.slicing else { return }
        parked.task = nil
        if let width = landingCellWidth(), width != parked.cellWidth {
            parked = TitleLanding(snapshot: parked.snapshot, cellWidth: width, next: items.count)
        }
        let start = slicing.clock()
        let newItems = parked.snapshot.items
        while parked.next < newItems.count {
            let item = newItems[parked.next]
            if parked.lines[item.id] == nil {
                parked.lines[item.id] = UInt8(clamping: titleLines(of: item, cellWidth: parked.cellWidth))
            }
            parked.next += 1
            if slicing.clock() - start >= slicing.budget { break }
        }
        // A slice that spent half its budget leaves the layout of the page to the next one.
        guard parked.next >= newItems.count, slicing.clock() - start < slicing.budget / 2 else {
            parked.task = slicing.scheduler.schedule(after: slicing.interval) { [weak self] in self?.measureSlice() }
            landing = parked
            return
        }
        landing = nil
        premeasuredLines = (parked.cellWidth, parked.lines)
        applyNow(parked.snapshot)
        premeasuredLines = nil
    }

    /// Drops a parked page (a newer snapshot replaces it, or the titles' font changed).
    func cancelLanding() {
        landing?.task?.cancel()
        landing = nil
    }

    /// Measures the parked page's titles again from the start (the titles' font changed).
    func restartLanding() {
        guard let parked = landing else { return }
        cancelLanding()
        apply(parked.snapshot)
    }

    /// The width a title is measured at in the items' columns, or nil before the feed has one.
    private func landingCellWidth() -> CGFloat? {
        let column = layout.columnWidth(inSection: itemSection)
        guard column.isFinite, column > 0 else { return nil }
        return VideoCellGeometry.widgetWidth(forFrameWidth: column)
    }
}
