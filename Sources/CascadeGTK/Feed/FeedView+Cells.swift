import CGtk
import CascadeCollection
import CascadeFeed
import CascadeImages
import CascadeLayout
import CascadeScreens
import Foundation

/// The cells on screen, made, bound, hidden and their covers prefetched as the viewport updates say.
extension FeedView {
    func makeCell() -> VideoCellWidget {
        let cell = VideoCellWidget()
        cell.onActivate = { [weak self, weak cell] in
            guard let self, let cell, let index = self.index(of: cell) else { return }
            self.model.activateItem(at: index)
        }
        attachPreviewInput(to: cell)
        cell.offersTooltip = { [weak self] in self?.isHoldingStill ?? true }
        return cell
    }

    /// Whether the cells hold still under the pointer: no drag, pull, glide or slide moves them and
    /// the offset has rested (`RestSnap`). Only then do they offer their tooltips.
    var isHoldingStill: Bool {
        drag == nil && !pull.isPulling && glideTicker == nil && scrollAnimation == nil && updateAnimation == nil
            && restSnap.isResting(at: MonotonicClock.seconds)
    }

    func index(of cell: VideoCellWidget) -> Int? {
        recycler.visibleCells.first { $0.value === cell }.flatMap { model.itemIndex(of: $0.key) }
    }

    func bind(_ cell: VideoCellWidget, _ element: LayoutElement) {
        guard let index = model.itemIndex(of: element.id) else { return }
        let item = model.items[index]
        // On whole device pixels: a column width that does not divide evenly puts frames on
        // fractions of a pixel, where cairo would resample every cover (a soft image) to draw it.
        let grid = PixelGrid(scale: Double(scale))
        let x = grid.snapped(Double(element.frame.minX))
        let y = grid.snapped(Double(element.frame.minY))
        if gtk_widget_get_parent(cell.root) == nil {
            gtk_fixed_put(content.as(GtkFixed.self), cell.root, x, y)
        } else {
            gtk_fixed_move(content.as(GtkFixed.self), cell.root, x, y)
        }
        gtk_widget_set_visible(cell.root, 1)
        cellOrigins[ObjectIdentifier(cell)] = (x, y)
        cell.apply(size: element.frame.size, geometry: model.cellGeometry(ofItem: index, size: element.frame.size))
        let request = coverRequest(forItem: index, size: element.frame.size, priority: .visible)
        if images.request(for: ObjectIdentifier(cell)) != request {
            cell.bind(title: item.title, duration: FeedScreenModel.durationText(item.duration))
        }
        cell.setWatchProgress(watchProgress?(item))
        images.bind(request, to: ObjectIdentifier(cell)) { [weak cell] state in
            switch state {
            case .placeholder, .loading: cell?.showPlaceholder()
            case .image(let image):
                cell?.show(image)
                if let cell { StartupTiming.coverShown(on: cell.root) }
            case .failure: cell?.showFailure()
            }
        }
    }

    func hide(_ cell: VideoCellWidget) {
        previews?.cellHidden(in: self, cell: cell)
        images.unbind(ObjectIdentifier(cell))
        gtk_widget_set_visible(cell.root, 0)
    }

    private func coverRequest(forItem index: Int, size: CGSize, priority: ImagePriority) -> ImageRequest {
        let item = model.items[index]
        let geometry = model.cellGeometry(ofItem: index, size: size)
        let target = geometry.coverDecodeSize(scale: scale, imageAspect: item.aspectRatio)
        return ImageRequest(
            url: item.coverURL, targetSize: PixelSize(width: target.width, height: target.height), priority: priority)
    }

    func prefetch(_ update: ViewportUpdate) {
        func requests(_ paths: [ItemPath]) -> [ImageRequest] {
            paths.compactMap { path in
                guard path.section == model.itemSection, model.items.indices.contains(path.item),
                    let frame = model.frame(ofItem: path.item)
                else {
                    return nil
                }
                return coverRequest(forItem: path.item, size: frame.size, priority: .prefetch)
            }
        }
        if !update.prefetch.isEmpty { prefetcher.startPrefetching(requests(update.prefetch)) }
        if !update.cancelPrefetch.isEmpty { prefetcher.stopPrefetching(requests(update.cancelPrefetch)) }
    }
}
