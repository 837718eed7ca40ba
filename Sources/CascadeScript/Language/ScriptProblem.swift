/// Why one action line cannot be read.
public enum ScriptProblem: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownAction(String)
    /// `verb` takes `expected` arguments.
    case argumentCount(verb: String, expected: Int)
    case notANumber(verb: String, text: String)
    case notAnIndex(verb: String, text: String)
    /// Expected `next` or `prev`.
    case notADirection(verb: String, text: String)
    /// Expected `on` or `off`.
    case notOnOrOff(verb: String, text: String)
    /// Expected e.g. `500ms`, `2s` (at most 10 minutes).
    case notADuration(String)
    /// A value outside what the action allows (`allowed` says what is).
    case outOfRange(verb: String, allowed: String)
    /// A file name that is not letters, digits, '-', '_' or '.', or is hidden.
    case badFileName(verb: String, text: String)
    /// `verb` needs a text argument.
    case missingText(verb: String)

    public var description: String {
        switch self {
        case .unknownAction(let verb): "unknown action '\(verb)'"
        case .argumentCount(let verb, let expected): "\(verb) takes \(expected) argument(s)"
        case .notANumber(let verb, let text): "\(verb): '\(text)' is not a number"
        case .notAnIndex(let verb, let text): "\(verb): '\(text)' is not an index"
        case .notADirection(let verb, let text): "\(verb): expected next or prev, got '\(text)'"
        case .notOnOrOff(let verb, let text): "\(verb): expected on or off, got '\(text)'"
        case .notADuration(let text): "wait: '\(text)' is not a duration (e.g. 500ms, 2s)"
        case .outOfRange(let verb, let allowed): "\(verb): expected \(allowed)"
        case .badFileName(let verb, _): "\(verb): name must be letters, digits, '-', '_' or '.'"
        case .missingText(let verb): "\(verb): expected text"
        }
    }
}

/// A script that cannot be read: the first bad line, with its number.
public struct ScriptSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line number, counting from 1.
    public let line: Int
    /// The line as written (comment removed).
    public let text: String
    /// What is wrong with it.
    public let problem: ScriptProblem

    /// Creates the error for `line`.
    public init(line: Int, text: String, problem: ScriptProblem) {
        self.line = line
        self.text = text
        self.problem = problem
    }

    public var description: String { "line \(line) '\(text)': \(problem)" }
}
