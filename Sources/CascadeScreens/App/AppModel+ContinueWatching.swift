import CascadeFeed

/// The "Continue watching" channel (`ContinueWatching`): the host reports where videos were
/// left, and the channel appears after the catalog's, changes, or goes away, without touching
/// the other channels' feeds.
extension AppModel {
    /// The label the resume store keeps for `item` (given when the video is opened), so that
    /// "Continue watching" can list it later.
    public func resumeLabel(for item: VideoItem) -> String? {
        ContinueWatching.label(for: item, catalog: catalogKey)
    }

    /// Where videos were left changed: the resume store's entries, least recently watched
    /// first, with their labels.
    public func resumeEntriesChanged(_ entries: [(key: String, label: String?)]) {
        resumeEntries = entries
        let items = continueWatchingItems()
        guard items != continueWatching else { return }
        continueWatching = items
        continueLoader.items = items
        guard !catalogChannels.isEmpty else { return }
        let newChannels = channelsWithContinueWatching()
        if newChannels != channels {
            channels = newChannels
            pager?.reload(channels: newChannels)
        } else if let index = channels.firstIndex(where: showsContinueWatching), let feed = pager?.feed(at: index) {
            feed.pager.refresh()
        }
    }

    /// Whether `channel` is "Continue watching" (not a catalog channel that took its id).
    func showsContinueWatching(_ channel: Channel) -> Bool {
        channel.id == ContinueWatching.channelID && !catalogChannels.contains { $0.id == channel.id }
    }

    /// The "Continue watching" videos of the catalog shown, from the entries last reported.
    func continueWatchingItems() -> [VideoItem] {
        ContinueWatching.items(entries: resumeEntries, catalog: catalogKey, policy: source.referencePolicy)
    }

    /// The catalog's channels, then "Continue watching" when it has a video and no catalog
    /// channel took its id.
    func channelsWithContinueWatching() -> [Channel] {
        let shows = !continueWatching.isEmpty && !catalogChannels.contains { $0.id == ContinueWatching.channelID }
        return catalogChannels + (shows ? [ContinueWatching.channel] : [])
    }
}
