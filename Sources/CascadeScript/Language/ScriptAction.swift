/// One user action of a `cascade --script` file (Docs/SCRIPTING.md).
///
/// The runner (`CascadeScriptRunner`) drives each action through the code the input it stands
/// for reaches: a `scroll-by` is a scroll gesture with its begin and end, a `fling` a drag
/// released at a speed, a `tap-item` a click on the cell.
public enum ScriptAction: Equatable, Sendable {
    case wait(milliseconds: Int)
    case waitIdle
    case resize(width: Int, height: Int)
    case scrollBy(dx: Double, dy: Double)
    /// `scroll-to-item N [top|center|nearest] [animated]`: the position is `ScrollPosition`'s
    /// raw value (CascadeScreens).
    case scrollToItem(Int, position: String = "top", animated: Bool = false)
    case scrollToEnd
    case fling(vx: Double, vy: Double)
    case pullRefresh
    case tapItem(Int)
    case tapTab(Int)
    case swipePage(forward: Bool)
    case carousel(forward: Bool)
    case play
    case pause
    case seek(seconds: Double)
    case waitPosition(seconds: Double)
    /// Waits (at most 15 s) until the player shows an error; fails if playback reaches 1 s or
    /// ends first.
    case waitPlayerError
    case toggleFullscreen
    case back
    /// Clicks the load-more footer (it must be on screen).
    case tapFooter
    case screenshot(name: String)
    /// Waits (at most 20 s) until the window has been asked to open `count` files or folders in
    /// all (by its own command line, another launch or the desktop).
    case waitOpened(count: Int)
    /// Waits (at most 20 s) until the catalog's status line (a folder's scan progress or
    /// "changed" notice) contains `text`.
    case waitStatus(String)
    /// Ctrl + `+`/`-`/`0`'s path: a fixed column count, or nil for adaptive columns.
    case columns(Int?)
    /// The player's volume slider: 0…1.
    case setVolume(Double)
    /// Waits (at most 30 s) until the file `name` exists in the screenshots folder, then
    /// deletes it: a driver outside the app (a test acting with real X input) steps the script.
    case waitSignal(name: String)
    /// Clicks the player's "Resume from …" button (it must be offered).
    case resume
    /// Clicks the player's "Start over" button (it must be offered).
    case startOver
    /// The pointer comes to rest on item N's cell (it must be on screen); waits (at most 10 s)
    /// until its hover preview plays or fails, or at once when previews are off.
    case hoverItem(Int)
    /// Ctrl+Shift+P's path: hover previews on or off (remembered).
    case previews(Bool)

    /// Whether the action is input on the page behind an alert (waits and screenshots are not).
    public var actsOnTheScreen: Bool {
        switch self {
        case .wait, .waitIdle, .screenshot, .resize, .waitPosition, .waitPlayerError, .waitOpened, .waitStatus,
            .waitSignal:
            false
        default: true
        }
    }
}

/// One parsed line of a script: its number (from 1), its text without the comment, its action.
public struct ScriptLine: Equatable, Sendable {
    /// The line number in the file, counting from 1.
    public let line: Int
    /// The line as written, comment and surrounding blanks removed.
    public let text: String
    /// What the line asks for.
    public let action: ScriptAction

    /// Creates a parsed line.
    public init(line: Int, text: String, action: ScriptAction) {
        self.line = line
        self.text = text
        self.action = action
    }
}
