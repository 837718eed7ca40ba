import Foundation

/// What a `cascade --script` run writes after every step (Docs/SCRIPTING.md): the app encodes
/// it, the tests and tools decode it, both through these types.
///
/// JSON keys are the documented snake_case names; a field without a value is left out.
/// Frames are `[x, y, width, height]` in points, rounded to 0.001.
public struct ScriptReport: Codable, Equatable, Sendable {
    /// The steps run so far, in order.
    public var steps: [Step]

    /// Creates a report of `steps`.
    public init(steps: [Step] = []) {
        self.steps = steps
    }

    /// One script line and the app's state after it.
    public struct Step: Codable, Equatable, Sendable {
        /// The line's text (comment removed).
        public var action: String
        /// The line number in the script, counting from 1.
        public var line: Int
        /// Whether the action succeeded.
        public var ok: Bool
        /// Why it failed.
        public var error: String?
        /// The app after the action.
        public var state: State

        /// Creates a step.
        public init(action: String, line: Int, ok: Bool, error: String? = nil, state: State) {
            self.action = action
            self.line = line
            self.ok = ok
            self.error = error
            self.state = state
        }
    }

    // MARK: Reading and writing

    /// Decodes a report file's bytes.
    public static func decode(_ data: Data) throws -> ScriptReport {
        try JSONDecoder().decode(ScriptReport.self, from: data)
    }

    /// Reads the report at `url`; nil when it is missing or not a report.
    public init?(url: URL) {
        guard let data = try? Data(contentsOf: url), let report = try? Self.decode(data) else { return nil }
        self = report
    }

    /// One step as the report file holds it (sorted keys, pretty-printed).
    public static func encode(_ step: Step) throws -> Data {
        try encoder.encode(step)
    }

    /// The report file from steps already encoded with `encode(_:)`: `{"steps": [...]}`.
    ///
    /// A long script writes its report after every step; joining the steps' bytes keeps that
    /// linear in the steps instead of encoding every earlier step again.
    public static func file(encodedSteps: [Data]) -> Data {
        var data = Data("{\n\"steps\" : [\n".utf8)
        for (index, step) in encodedSteps.enumerated() {
            if index > 0 { data.append(Data(",\n".utf8)) }
            data.append(step)
        }
        data.append(Data("\n]\n}\n".utf8))
        return data
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return encoder
    }

    // MARK: Shorthands for tests

    /// Step `i`'s state.
    public func state(_ i: Int) -> State { steps[i].state }
    /// Step `i`'s feed summary.
    public func feed(_ i: Int) -> Feed { steps[i].state.feed }
    /// Step `i`'s drawn items.
    public func visibleItems(_ i: Int) -> [Item] { steps[i].state.visibleItems }
    /// Whether step `i` succeeded.
    public func ok(_ i: Int) -> Bool { steps[i].ok }
}
