import CascadeFeed

/// What the app's window does when `AppModel` decides: the host implements it by showing
/// widgets, and tests implement it with a spy recording the calls in order.
@MainActor
public protocol AppHosting: AnyObject {
    /// The channel list loaded: show the channel page over `pager` (and start it).
    func showChannels(_ pager: ChannelPagerModel)
    /// Show `text` as the window's subtitle (the selected channel's title).
    func showSubtitle(_ text: String)
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
}
