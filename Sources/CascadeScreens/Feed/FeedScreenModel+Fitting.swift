import CascadeFeed
import CascadeLayout
import Foundation

/// Fitted cells: each item's height is asked of the model while the layout places it (its
/// cover at its own aspect plus its title, measured at the width its widget gets), so a title
/// that needs three lines gets them and a short one leaves no empty band.
extension FeedScreenModel {
    /// The flattest cover a fitted cell draws (height over width): a hostile 1000:1 cover still
    /// gets a visible strip.
    public static let minimumFittedCoverAspect = 0.2

    /// The parts of item `index`'s cell laid out in a frame of `size`: fitted (with the lines
    /// its title was measured to) or the reference proportions, as `cellStyle` says.
    public func cellGeometry(ofItem index: Int, size: CGSize) -> VideoCellGeometry {
        guard cellStyle == .fitted, let titleMeasurer, titleLineCounts.indices.contains(index) else {
            return VideoCellGeometry(size: size)
        }
        return VideoCellGeometry(
            size: size, fittedTitleLines: Int(clamping: titleLineCounts[index]), lineHeight: titleMeasurer.lineHeight)
    }

    /// Measures item `index`'s title again (its font or text changed) and moves only the cells
    /// its new height moves: those below it in its column, then the rest by the change of the
    /// tallest column. The host redraws what `scroll(to:)` then reports as moved.
    public func refitTitle(ofItem index: Int) {
        guard cellStyle == .fitted, items.indices.contains(index) else { return }
        layout.updateItem(.provided(), at: ItemPath(section: itemSection, item: index))
    }

    /// Measures every title again (the title font changed) and relays out; the host rebinds
    /// as for `.replaced`.
    public func refitTitles() {
        guard cellStyle == .fitted else { return }
        layout.invalidateProvidedHeights()
        onItemsChanged?(.replaced)
        restartLanding()
    }

    /// Lets the layout ask the model for fitted heights. Weak: the model owns the layout.
    func installHeightProvider() {
        guard cellStyle == .fitted else { return }
        layout.heightProvider = { [weak self] path, width in
            MainActor.assumeIsolated { self?.fittedHeight(at: path, width: width) ?? 0 }
        }
    }

    /// Keeps one line count per item (new items start at one line until measured).
    func resizeTitleLineCounts() {
        guard cellStyle == .fitted else { return }
        if titleLineCounts.count > items.count {
            titleLineCounts.removeLast(titleLineCounts.count - items.count)
        } else if titleLineCounts.count < items.count {
            titleLineCounts.append(contentsOf: repeatElement(1, count: items.count - titleLineCounts.count))
        }
    }

    /// The lines `item`'s title takes in a cell `cellWidth` wide (1 without a measurer).
    func titleLines(of item: VideoItem, cellWidth: CGFloat) -> Int {
        guard let titleMeasurer else { return 1 }
        let maximum = VideoCellGeometry.maximumFittedTitleLines
        let measured = titleMeasurer.lineCount(
            of: CellTitleText.displayed(item.title), cellWidth: cellWidth, maximumLines: maximum)
        return min(max(1, measured), maximum)
    }

    /// The height of the item at `path` in a column `width` wide; records its line count.
    private func fittedHeight(at path: ItemPath, width: CGFloat) -> CGFloat {
        guard let titleMeasurer, path.section == itemSection, items.indices.contains(path.item) else { return 0 }
        let item = items[path.item]
        let cellWidth = VideoCellGeometry.widgetWidth(forFrameWidth: width)
        let lines =
            if let premeasuredLines, premeasuredLines.cellWidth == cellWidth,
                let measured = premeasuredLines.lines[item.id]
            {
                Int(clamping: measured)
            } else {
                titleLines(of: item, cellWidth: cellWidth)
            }
        if titleLineCounts.indices.contains(path.item) { titleLineCounts[path.item] = UInt8(clamping: lines) }
        let aspect = item.aspectRatio.isFinite && item.aspectRatio > 0 ? item.aspectRatio : 1
        return VideoCellGeometry.fittedHeight(
            width: width, coverAspect: max(aspect, Self.minimumFittedCoverAspect), titleLines: lines,
            lineHeight: titleMeasurer.lineHeight)
    }
}
