import CascadeFeed
import CascadePlayer
import CascadeScreens

/// What "Continue watching" needs from the resume store: each video described when it opens,
/// and the entries reported to the model whenever they change.
extension AppWindow {
    /// Gives the resume store the label "Continue watching" lists `item` by, should it be left
    /// partway.
    func describeForResume(_ item: VideoItem) {
        guard let resumeStore, let label = model.resumeLabel(for: item) else { return }
        resumeStore.describe(item.videoURL.absoluteString, as: label)
    }

    /// Tells the model where videos were left (nothing without a resume store).
    func reportResumeEntries() {
        guard let resumeStore else { return }
        let list = resumeStore.list
        model.resumeEntriesChanged(list.entries.map { ($0.key, list.label(for: $0.key)) })
    }
}
