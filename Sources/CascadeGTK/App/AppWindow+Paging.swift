import CGtk
import CascadeFeed
import CascadeScreens

/// The player page paging through the feed it was opened from: the model's `PlayerQueue`
/// decides, the page moves and keeps the next neighbour pre-rolled.
extension AppWindow {
    /// Whether the end of a video moves to the next one (the "Autoplay next" preference).
    package var autoplayNext: Bool {
        get { preferences?.preferences.autoplayNext ?? autoplayNextUnsaved }
        set {
            autoplayNextUnsaved = newValue
            preferences?.update { $0.autoplayNext = newValue }
        }
    }

    public func moveToVideo(_ item: VideoItem, step: PlayerQueue.Step) {
        describeForResume(item)
        playerPage.move(to: item, step: step, preroll: model.playerQueue?.preroll)
        refreshActions()
    }

    /// Connects the page's moves, its ends and its neighbours to the model; once, from `init`.
    func connectPaging() {
        playerPage.onMove = { [weak self] step in
            guard let self else { return }
            self.model.perform(.moveVideo(forward: step == .forward))
        }
        playerPage.onEnded = { [weak self] in
            guard let self else { return }
            self.model.videoEnded(autoplayNext: self.autoplayNext)
        }
        playerPage.hasNeighbour = { [weak self] step in
            guard let self, self.model.screen == .player else { return false }
            return self.model.playerQueue?.neighbour(step) != nil
        }
    }

    /// After opening the player: the neighbour to keep ready.
    func playerOpened() {
        playerPage.setPreroll(model.playerQueue?.preroll)
    }

    /// Back on the feed: it shows the video the player showed last, when the user paged away
    /// from the one opened and it is one of this feed's loaded items.
    func revealPlayedItem() {
        guard let feed, let current = model.playerQueue?.current,
            let index = feed.model.items.firstIndex(where: { $0.id == current.id })
        else { return }
        feed.scroll(toItem: index, at: .nearest, animated: false)
    }
}
