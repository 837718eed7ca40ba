import CascadeNumerics
import Foundation

/// One user action of a `cascade --script` file (Docs/SCRIPTING.md).
///
/// Actions run through the same code paths as real input: a `scroll-by` goes through the
/// scroll handler a wheel event reaches, a `tap-item` through the cell's click handler.
public enum ScriptAction: Equatable, Sendable {
    case wait(milliseconds: Int)
    case waitIdle
    case resize(width: Int, height: Int)
    case scrollBy(dx: Double, dy: Double)
    case scrollToItem(Int)
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

    /// Parses a whole script: one action per line, `#` starts a comment, blank lines skipped.
    ///
    /// - Throws: `ScriptError.syntax` naming the line.
    public static func parse(script: String) throws -> [(line: Int, text: String, action: ScriptAction)] {
        var result: [(Int, String, ScriptAction)] = []
        for (index, rawLine) in script.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text =
                rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
            guard !text.isEmpty else { continue }
            do {
                result.append((index + 1, text, try parse(line: text)))
            } catch let error as ScriptError {
                throw ScriptError.syntax(line: index + 1, text: text, reason: error.reason)
            }
        }
        return result
    }

    /// Parses one action line (no comment).
    public static func parse(line: String) throws -> ScriptAction {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let verb = words.first else { throw ScriptError.bad("empty action") }
        let args = Array(words.dropFirst())

        func count(_ n: Int) throws {
            if args.count != n { throw ScriptError.bad("\(verb) takes \(n) argument(s)") }
        }
        func number(_ i: Int) throws -> Double {
            guard let value = Double(args[i]), value.isFinite else {
                throw ScriptError.bad("\(verb): '\(args[i])' is not a number")
            }
            return value
        }
        func index(_ i: Int) throws -> Int {
            guard let value = Int(args[i]), value >= 0 else {
                throw ScriptError.bad("\(verb): '\(args[i])' is not an index")
            }
            return value
        }
        func direction(_ i: Int) throws -> Bool {
            switch args[i] {
            case "next": return true
            case "prev": return false
            default: throw ScriptError.bad("\(verb): expected next or prev, got '\(args[i])'")
            }
        }

        switch verb {
        case "wait":
            try count(1)
            return .wait(milliseconds: try duration(args[0]))
        case "wait-idle": try count(0); return .waitIdle
        case "resize":
            try count(2)
            let w = try index(0)
            let h = try index(1)
            guard (100...8000).contains(w), (100...8000).contains(h) else {
                throw ScriptError.bad("resize: size out of range")
            }
            return .resize(width: w, height: h)
        case "scroll-by": try count(2); return .scrollBy(dx: try number(0), dy: try number(1))
        case "scroll-to-item": try count(1); return .scrollToItem(try index(0))
        case "scroll-to-end": try count(0); return .scrollToEnd
        case "fling": try count(2); return .fling(vx: try number(0), vy: try number(1))
        case "pull-refresh": try count(0); return .pullRefresh
        case "tap-item": try count(1); return .tapItem(try index(0))
        case "hover-item": try count(1); return .hoverItem(try index(0))
        case "previews":
            try count(1)
            switch args[0] {
            case "on": return .previews(true)
            case "off": return .previews(false)
            default: throw ScriptError.bad("previews: expected on or off, got '\(args[0])'")
            }
        case "tap-tab": try count(1); return .tapTab(try index(0))
        case "swipe-page": try count(1); return .swipePage(forward: try direction(0))
        case "carousel": try count(1); return .carousel(forward: try direction(0))
        case "play": try count(0); return .play
        case "pause": try count(0); return .pause
        case "seek": try count(1); return .seek(seconds: max(0, try number(0)))
        case "wait-position": try count(1); return .waitPosition(seconds: max(0, try number(0)))
        case "wait-player-error": try count(0); return .waitPlayerError
        case "toggle-fullscreen": try count(0); return .toggleFullscreen
        case "back": try count(0); return .back
        case "tap-footer": try count(0); return .tapFooter
        case "resume": try count(0); return .resume
        case "start-over": try count(0); return .startOver
        case "wait-opened": try count(1); return .waitOpened(count: try index(0))
        case "wait-status":
            guard !args.isEmpty else { throw ScriptError.bad("wait-status: expected text") }
            return .waitStatus(args.joined(separator: " "))
        case "columns":
            try count(1)
            if args[0] == "auto" { return .columns(nil) }
            let n = try index(0)
            guard (1...12).contains(n) else { throw ScriptError.bad("columns: expected 1...12 or auto") }
            return .columns(n)
        case "set-volume":
            try count(1)
            let v = try number(0)
            guard (0...1).contains(v) else { throw ScriptError.bad("set-volume: expected 0...1") }
            return .setVolume(v)
        case "screenshot":
            try count(1)
            return .screenshot(name: try fileName(verb, args[0]))
        case "wait-signal":
            try count(1)
            return .waitSignal(name: try fileName(verb, args[0]))
        default:
            throw ScriptError.bad("unknown action '\(verb)'")
        }
    }

    /// A file name inside the screenshots folder: letters, digits, '-', '_' or '.', not hidden.
    private static func fileName(_ verb: String, _ name: String) throws -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_."))
        guard !name.hasPrefix("."), name.unicodeScalars.allSatisfy(allowed.contains) else {
            throw ScriptError.bad("\(verb): name must be letters, digits, '-', '_' or '.'")
        }
        return name
    }

    /// "500ms", "2s", "1.5s" or a bare number of milliseconds.
    private static func duration(_ text: String) throws -> Int {
        let (digits, scale): (Substring, Double) =
            text.hasSuffix("ms")
            ? (text.dropLast(2), 1) : text.hasSuffix("s") ? (text.dropLast(), 1000) : (Substring(text), 1)
        guard let value = Double(digits), value.isFinite, value >= 0, value * scale <= 600_000 else {
            throw ScriptError.bad("wait: '\(text)' is not a duration (e.g. 500ms, 2s)")
        }
        return Int(saturatingRounded: value * scale)
    }
}

/// Why a script could not be read or run.
public enum ScriptError: Error, Equatable, CustomStringConvertible {
    case bad(String)
    case syntax(line: Int, text: String, reason: String)

    var reason: String {
        switch self {
        case .bad(let reason): reason
        case .syntax(_, _, let reason): reason
        }
    }

    public var description: String {
        switch self {
        case .bad(let reason): reason
        case .syntax(let line, let text, let reason): "line \(line) '\(text)': \(reason)"
        }
    }
}
