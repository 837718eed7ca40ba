import CGtk
import CascadeFeed
import CascadePlayer
import CascadeScreens
import Foundation

/// Paging through the feed on the player page: the move to a neighbour (with its slide), and
/// the neighbour kept pre-rolled so the move plays at once.
extension PlayerPage {
    /// Shows `item`, the neighbour in `step` of the video shown, and plays it at once: the old
    /// frame slides away over it, fullscreen stays, the position left is remembered.
    /// `preroll` is the neighbour to keep ready next (nil: none).
    package func move(to item: VideoItem, step: PlayerQueue.Step, preroll: VideoItem?) {
        slide.start(frame: surface.shownFrame, step: step)
        controller.stop()
        setItem(item)
        // Pre-rolling the following neighbour waits for this one's first frame, so the two
        // pipelines never compete for its start.
        pendingPreroll = preroll?.videoURL
        if pendingPreroll == nil { engine.preroll(nil) }
        controller.play()
        render()
    }

    /// Keeps `item`'s video pre-rolled (nil: none): at once while nothing is loading, else once
    /// the video shown has its first frame.
    package func setPreroll(_ item: VideoItem?) {
        pendingPreroll = item?.videoURL
        if pendingPreroll == nil || controller.snapshot.state != .loading {
            applyPendingPreroll()
        }
    }

    /// The video kept pre-rolled, nil for none.
    package var prerolledURL: URL? { engine.prerolledURL }

    /// Whether the move's slide is running.
    package var isSliding: Bool { slide.isSliding }

    /// Pre-rolls the neighbour waiting for it, if any.
    func applyPendingPreroll() {
        guard isShown else { return }
        let url = pendingPreroll
        pendingPreroll = nil
        engine.preroll(url)
    }
}
