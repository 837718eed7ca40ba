import CascadeFeed

/// What the app's window does when `AppModel` decides: the host implements it by showing
/// widgets (and writing preferences), and tests implement it with a spy recording the calls
/// in order.
@MainActor
public protocol AppHosting: AnyObject {
    /// The channel list loaded (or the columns changed): show a channel page over `pager`,
    /// start it, and move to channel `selected`.
    func showChannels(_ pager: ChannelPagerModel, selected: Int)
    /// Show `alert` over everything; its OK button calls `AppModel.dismissAlert()`.
    func showAlert(_ alert: FeedAlert)
    /// Hide the alert.
    func hideAlert()
    /// Show the player page playing `item`.
    func showPlayer(_ item: VideoItem)
    /// Stop the player and show the channel page.
    func showChannelPage()
    /// Let only the banner carousel of channel `index` run (nil: none runs).
    func runBanner(ofChannel index: Int?)
    /// Scroll the shown feed as `command` says.
    func scrollFeed(_ command: FeedScrollCommand)
    /// Move the channel page to the next (or previous) channel, as a completed swipe does.
    func switchChannel(forward: Bool)
    /// Remember the channel shown (`isFirst`: the catalog's first) for the next run.
    func rememberChannel(_ channel: Channel, isFirst: Bool)
    /// Remember the column count chosen (nil: adaptive) for the next run.
    func rememberColumns(_ columns: Int?)
    /// Turn the feed's hover previews on or off (off stops a live one at once).
    func showHoverPreviews(_ enabled: Bool)
    /// Remember whether hover previews are on for the next run.
    func rememberHoverPreviews(_ enabled: Bool)
    /// Open the search bar over the channel page (Ctrl+F) with the focus in its entry.
    func startSearch()
    /// Perform a speed or frame step on the player page (`]`, `[`, `.`, `,`).
    func adjustPlayback(_ adjustment: PlaybackAdjustment)
    /// Show `item`, the player's neighbour in `step`, playing at once with a vertical slide
    /// (the player page stays).
    func moveToVideo(_ item: VideoItem, step: PlayerQueue.Step)
}
