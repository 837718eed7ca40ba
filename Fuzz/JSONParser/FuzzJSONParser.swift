import Foundation

@testable import CascadeFeed

/// libFuzzer entry: any bytes through the feed's JSON parser. Parsing either fails with a
/// typed error or returns a value; a parsed value is walked completely (every subscript the
/// decoder uses), and a successful parse of the value's own re-serialisation must succeed too.
///
/// The indexing parse the local catalog uses (`parse(_:recordingElementsAt:)`) must accept
/// exactly the same inputs, and each recorded range, parsed alone, must give the same element as
/// the tree's `data.info_list`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let indexed = try? JSONParser.parse(bytes, recordingElementsAt: ["data", "info_list"])
    guard let value = try? JSONParser.parse(bytes) else {
        precondition(indexed == nil, "the indexing parse accepts what the plain parse refuses")
        return 0
    }
    guard let indexed else { fatalError("the indexing parse refuses what the plain parse accepts") }
    if case .array(let list)? = value["data"]?["info_list"] {
        precondition(list.count == indexed.elements.count, "recorded \(indexed.elements.count) of \(list.count)")
        for (element, range) in zip(list, indexed.elements) {
            guard let alone = try? JSONParser.parse(UnsafeBufferPointer(rebasing: bytes[range])),
                FuzzJSONWriter.sameShape(element, alone)
            else { fatalError("a recorded element's bytes do not parse to that element") }
        }
    }
    var text = ""
    FuzzJSONWriter.write(value, into: &text)
    guard let again = try? JSONParser.parse(Array(text.utf8)) else {
        fatalError("re-serialised JSON does not parse: \(text.prefix(200))")
    }
    guard FuzzJSONWriter.sameShape(value, again) else {
        fatalError("re-serialised JSON parses to a different value: \(text.prefix(200))")
    }
    return 0
}

/// Writes a `JSONValue` back as JSON text, for the round-trip check.
enum FuzzJSONWriter {
    static func write(_ value: JSONValue, into text: inout String) {
        switch value {
        case .null: text += "null"
        case .bool(let flag): text += flag ? "true" : "false"
        case .number(let number):
            // Infinite numbers come from overflowing literals (`1e400`); write one back.
            text += number.isFinite ? "\(number)" : (number < 0 ? "-1e400" : "1e400")
        case .string(let string): writeString(string, into: &text)
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                write(element, into: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, (key, member)) in members.enumerated() {
                if index > 0 { text += "," }
                writeString(key, into: &text)
                text += ":"
                write(member, into: &text)
            }
            text += "}"
        }
    }

    static func writeString(_ string: String, into text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\u{0}"..<"\u{20}": text += String(format: "\\u%04x", scalar.value)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    /// Whether two values are equal, numbers compared bit for bit except that every NaN matches.
    static func sameShape(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y || (x.isNaN && y.isNaN)
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { sameShape($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && x.allSatisfy { key, value in y[key].map { sameShape(value, $0) } ?? false }
        default: return false
        }
    }
}
