import CascadeTestSupport
import Foundation
import Testing

@testable import CascadeFeed

@Suite struct JSONParserTests {
    func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    @Test(arguments: [
        ("null", JSONValue.null),
        (" true ", .bool(true)),
        ("false", .bool(false)),
        ("0", .number(0)),
        ("-12.5e2", .number(-1250)),
        ("1E+2", .number(100)),
        ("\u{FEFF}[]", .array([])),
        (#""a\"b\\c\/d\n\t""#, .string("a\"b\\c/d\n\t")),
        (#""\u00e9\u4e2d""#, .string("é中")),
        (#""\ud83d\ude00""#, .string("😀")),
        (#""\ud83d x""#, .string("\u{FFFD} x")),
        (#""\ude00""#, .string("\u{FFFD}")),
        ("\"中文 ok\"", .string("中文 ok")),
        (
            #"{"a": [1, {"b": null}], "a2": {}}"#,
            .object(["a": .array([.number(1), .object(["b": .null])]), "a2": .object([:])])
        ),
        (#"{"k": 1, "k": 2}"#, .object(["k": .number(2)])),
    ])
    func validJSONParses(text: String, expected: JSONValue) throws {
        #expect(try parse(text) == expected)
    }

    @Test func anOverflowingNumberIsInfiniteNotAFailure() throws {
        guard case .array(let values) = try parse("[1e400, 2]") else { Issue.record("not an array"); return }
        #expect(values.first?.number == nil)
        #expect(values.last?.number == 2)
    }

    @Test(arguments: [
        "", " ", "nul", "tru", "[1,]", "[1 2]", "{\"a\" 1}", "{\"a\":1,}", "{a:1}", "01", "-", "1.", ".5", "1e", "+1",
        "\"abc", "\"a\\x\"", "\"\\u12\"", "\"tab\there\"", "[] []", "{\"a\":1}}", "'a'", "[1]x", "NaN",
    ])
    func invalidJSONFails(text: String) {
        #expect(throws: JSONParser.Failure.self) { try parse(text) }
    }

    @Test func deepNestingIsRefusedInsteadOfOverflowingTheStack() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: JSONParser.Failure.self) { try parse(deep) }
        let fine =
            String(repeating: "[", count: JSONParser.maxDepth) + String(repeating: "]", count: JSONParser.maxDepth)
        #expect(try parse(fine) != .null)
    }

    @Test func invalidUTF8InStringsIsReplaced() throws {
        let bytes: [UInt8] = [0x22, 0x61, 0xFF, 0x62, 0x22]
        #expect(try JSONParser.parse(bytes) == .string("a\u{FFFD}b"))
    }

    /// Random documents written by JSONSerialization parse back to the same tree.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func randomDocumentsRoundTrip(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<50 {
            let (object, expected) = Self.randomValue(depth: 0, using: &generator)
            let data = try JSONSerialization.data(withJSONObject: ["root": object], options: [.fragmentsAllowed])
            #expect(try JSONParser.parse(data) == .object(["root": expected]), "seed \(seed)")
        }
    }

    static func randomValue(depth: Int, using generator: inout SeededGenerator) -> (Any, JSONValue) {
        let kind = depth > 3 ? Int.random(in: 0..<4, using: &generator) : Int.random(in: 0..<6, using: &generator)
        switch kind {
        case 0: return (NSNull(), .null)
        case 1:
            let number = Double(Int.random(in: -1_000_000...1_000_000, using: &generator)) / 8
            return (number, .number(number))
        case 2:
            let scalars = (0..<Int.random(in: 0..<12, using: &generator)).map { _ -> Character in
                let pool: [Character] = ["a", "Z", "\"", "\\", "/", "\n", "\t", "é", "中", "😀", " ", "\u{1}"]
                return pool[Int.random(in: 0..<pool.count, using: &generator)]
            }
            let text = String(scalars)
            return (text, .string(text))
        case 3:
            let flag = Bool.random(using: &generator)
            return (flag, .bool(flag))
        case 4:
            var objects: [Any] = []
            var values: [JSONValue] = []
            for _ in 0..<Int.random(in: 0..<5, using: &generator) {
                let (object, value) = randomValue(depth: depth + 1, using: &generator)
                objects.append(object)
                values.append(value)
            }
            return (objects, .array(values))
        default:
            var objects: [String: Any] = [:]
            var values: [String: JSONValue] = [:]
            for index in 0..<Int.random(in: 0..<5, using: &generator) {
                let (object, value) = randomValue(depth: depth + 1, using: &generator)
                objects["k\(index)"] = object
                values["k\(index)"] = value
            }
            return (objects, .object(values))
        }
    }
}
