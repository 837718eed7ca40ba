import CascadeNumerics
import Foundation

extension ScriptAction {
    /// Parses a whole script: one action per line, `#` starts a comment, blank lines skipped.
    ///
    /// - Throws: `ScriptSyntaxError` for the first line that is not an action.
    public static func parse(script: String) throws(ScriptSyntaxError) -> [ScriptLine] {
        var result: [ScriptLine] = []
        for (index, rawLine) in script.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let text =
                rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first
                .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
            guard !text.isEmpty else { continue }
            do {
                result.append(ScriptLine(line: index + 1, text: text, action: try parse(line: text)))
            } catch {
                throw ScriptSyntaxError(line: index + 1, text: text, problem: error)
            }
        }
        return result
    }

    /// Parses one action line (no comment).
    ///
    /// - Throws: the `ScriptProblem` of the line.
    public static func parse(line: String) throws(ScriptProblem) -> ScriptAction {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let verb = words.first else { throw .unknownAction("") }
        let arguments = Arguments(verb: verb, values: Array(words.dropFirst()))
        return try arguments.action()
    }
}

/// The words after an action's verb, read by the verb's rule.
private struct Arguments {
    let verb: String
    let values: [String]

    func count(_ n: Int) throws(ScriptProblem) {
        if values.count != n { throw .argumentCount(verb: verb, expected: n) }
    }

    func number(_ i: Int) throws(ScriptProblem) -> Double {
        guard let value = Double(values[i]), value.isFinite else { throw .notANumber(verb: verb, text: values[i]) }
        return value
    }

    func index(_ i: Int) throws(ScriptProblem) -> Int {
        guard let value = Int(values[i]), value >= 0 else { throw .notAnIndex(verb: verb, text: values[i]) }
        return value
    }

    func direction(_ i: Int) throws(ScriptProblem) -> Bool {
        switch values[i] {
        case "next": return true
        case "prev": return false
        default: throw .notADirection(verb: verb, text: values[i])
        }
    }

    /// A file name inside the screenshots folder: letters, digits, '-', '_' or '.', not hidden.
    func fileName(_ i: Int) throws(ScriptProblem) -> String {
        let name = values[i]
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_."))
        guard !name.hasPrefix("."), name.unicodeScalars.allSatisfy(allowed.contains) else {
            throw .badFileName(verb: verb, text: name)
        }
        return name
    }

    /// `scroll-to-item N [top|center|nearest] [animated]`.
    func scrollToItem() throws(ScriptProblem) -> ScriptAction {
        guard (1...3).contains(values.count) else { throw .argumentCount(verb: verb, expected: 1) }
        var rest = values.dropFirst()
        let animated = rest.last == "animated"
        if animated { rest = rest.dropLast() }
        let position = rest.first ?? "top"
        guard rest.count <= 1, ["top", "center", "nearest"].contains(position) else {
            throw .outOfRange(verb: verb, allowed: "an index, then top, center or nearest, then animated")
        }
        return .scrollToItem(try index(0), position: position, animated: animated)
    }

    /// "500ms", "2s", "1.5s" or a bare number of milliseconds, at most 10 minutes.
    func duration(_ i: Int) throws(ScriptProblem) -> Int {
        let text = values[i]
        let (digits, scale): (Substring, Double) =
            text.hasSuffix("ms")
            ? (text.dropLast(2), 1) : text.hasSuffix("s") ? (text.dropLast(), 1000) : (Substring(text), 1)
        guard let value = Double(digits), value.isFinite, value >= 0, value * scale <= 600_000 else {
            throw .notADuration(text)
        }
        return Int(saturatingRounded: value * scale)
    }

    // swift-format-ignore: a table of verbs reads best one verb a line
    func action() throws(ScriptProblem) -> ScriptAction {
        switch verb {
        case "wait": try count(1); return .wait(milliseconds: try duration(0))
        case "wait-idle": try count(0); return .waitIdle
        case "resize":
            try count(2)
            let (width, height) = (try index(0), try index(1))
            guard (100...8000).contains(width), (100...8000).contains(height) else {
                throw .outOfRange(verb: verb, allowed: "100...8000 points each way")
            }
            return .resize(width: width, height: height)
        case "scroll-by": try count(2); return .scrollBy(dx: try number(0), dy: try number(1))
        case "scroll-to-item": return try scrollToItem()
        case "scroll-to-end": try count(0); return .scrollToEnd
        case "fling": try count(2); return .fling(vx: try number(0), vy: try number(1))
        case "pull-refresh": try count(0); return .pullRefresh
        case "tap-item": try count(1); return .tapItem(try index(0))
        case "hover-item": try count(1); return .hoverItem(try index(0))
        case "previews":
            try count(1)
            switch values[0] {
            case "on": return .previews(true)
            case "off": return .previews(false)
            default: throw .notOnOrOff(verb: verb, text: values[0])
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
            guard !values.isEmpty else { throw .missingText(verb: verb) }
            return .waitStatus(values.joined(separator: " "))
        case "columns":
            try count(1)
            if values[0] == "auto" { return .columns(nil) }
            let n = try index(0)
            guard (1...12).contains(n) else { throw .outOfRange(verb: verb, allowed: "1...12 or auto") }
            return .columns(n)
        case "set-volume":
            try count(1)
            let volume = try number(0)
            guard (0...1).contains(volume) else { throw .outOfRange(verb: verb, allowed: "0...1") }
            return .setVolume(volume)
        case "screenshot": try count(1); return .screenshot(name: try fileName(0))
        case "wait-signal": try count(1); return .waitSignal(name: try fileName(0))
        default: throw .unknownAction(verb)
        }
    }
}
