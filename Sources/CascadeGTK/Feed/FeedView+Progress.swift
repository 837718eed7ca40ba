import CascadePlayer

extension FeedView {
    /// Redraws the progress bars of the cells on screen from `watchProgress` (after the player
    /// recorded where a video was left); pooled cells get theirs when they are bound again.
    package func refreshWatchProgress() {
        for (id, cell) in recycler.visibleCells {
            guard let index = model.itemIndex(of: id) else { continue }
            cell.setWatchProgress(watchProgress?(model.items[index]))
        }
    }
}
