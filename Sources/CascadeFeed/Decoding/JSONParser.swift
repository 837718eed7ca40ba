/// A small JSON parser producing `JSONValue` straight from UTF-8 bytes.
///
/// Why not `JSONDecoder`/`JSONSerialization`: decoding an untyped tree through `Decodable` throws
/// and catches an error per node while probing its type, and `JSONSerialization` returns bridged
/// `Any` values that are costly to cast on Linux; this parser is several times faster than either
/// (`cascade-bench feed`). It also keeps a page usable when one number overflows (`1e400` becomes
/// an infinite number the decoder rejects for that field only) and refuses nesting deeper than
/// `maxDepth` instead of overflowing the stack.
///
/// Strict RFC 8259 otherwise: one value, optional surrounding whitespace (and a leading BOM),
/// no comments, no trailing commas; invalid UTF-8 inside strings is replaced with U+FFFD.
struct JSONParser {
    /// Why the bytes are not JSON; the offset is where parsing stopped.
    struct Failure: Error, Equatable {
        var offset: Int
    }

    /// The deepest nesting of arrays and objects accepted.
    static let maxDepth = 256

    /// Parses a complete JSON text.
    static func parse(_ bytes: some Collection<UInt8>) throws(Failure) -> JSONValue {
        let array = Array(bytes)
        return try array.withUnsafeBufferPointer { (buffer) throws(Failure) -> JSONValue in
            var parser = JSONParser(bytes: buffer)
            parser.skipBOM()
            parser.skipWhitespace()
            let value = try parser.value(depth: 0)
            parser.skipWhitespace()
            guard parser.index == buffer.count else { throw Failure(offset: parser.index) }
            return value
        }
    }

    /// Parses and validates a complete JSON text like `parse(_:)`, and returns the byte range of
    /// each element of the array at `path` (object keys from the root, e.g.
    /// `["data", "info_list"]`), so a reader can later parse one element again from its bytes.
    ///
    /// In the returned tree those elements are `null`: each is parsed (and so validated) and
    /// dropped at once, so indexing a 100,000-entry feed never holds 100,000 parsed entries.
    /// When a key repeats, the value parsed last wins, as in the returned tree; the ranges are
    /// those of the last array found at `path` in document order, which is that same array
    /// whenever the tree has an array there. Empty when there is none.
    static func parse(
        _ bytes: some Collection<UInt8>, recordingElementsAt path: [String]
    ) throws(Failure) -> (value: JSONValue, elements: [Range<Int>]) {
        let array = Array(bytes)
        return try array.withUnsafeBufferPointer { (buffer) throws(Failure) -> (JSONValue, [Range<Int>]) in
            var parser = JSONParser(bytes: buffer)
            parser.recording = Recording(path: path)
            parser.skipBOM()
            parser.skipWhitespace()
            let value = try parser.value(depth: 0)
            parser.skipWhitespace()
            guard parser.index == buffer.count else { throw Failure(offset: parser.index) }
            return (value, parser.recording?.elements ?? [])
        }
    }

    // MARK: Private

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// Set only by `parse(_:recordingElementsAt:)`; plain parsing pays one nil check per member.
    private var recording: Recording?

    /// Where the parser is (object keys, nil for an array level) and what it found at `path`.
    private struct Recording {
        let path: [String?]
        var current: [String?] = []
        var elements: [Range<Int>] = []

        init(path: [String]) { self.path = path }

        var isAtPath: Bool { current == path }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private var failure: Failure { Failure(offset: index) }

    private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipBOM() {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func value(depth: Int) throws(Failure) -> JSONValue {
        guard let byte = peek() else { throw failure }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure
        }
    }

    private mutating func literal(_ text: StaticString, _ result: JSONValue) throws(Failure) -> JSONValue {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw failure }
        for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] {
            throw failure
        }
        index += count
        return result
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONValue {
        guard depth <= Self.maxDepth else { throw failure }
        index += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return .object([:])
        }
        // Members are collected first and the dictionary is built at its final size: growing it
        // member by member rehashes its keys at every doubling.
        var members: [(String, JSONValue)] = []
        members.reserveCapacity(8)
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else { throw failure }
            let key = try string()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else { throw failure }
            index += 1
            skipWhitespace()
            if recording != nil {
                recording?.current.append(key)
                members.append((key, try value(depth: depth)))
                recording?.current.removeLast()
            } else {
                members.append((key, try value(depth: depth)))
            }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                var object = [String: JSONValue](minimumCapacity: members.count)
                // A repeated key keeps its last value.
                for (key, value) in members { object[key] = value }
                return .object(object)
            default: throw failure
            }
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> JSONValue {
        guard depth <= Self.maxDepth else { throw failure }
        index += 1
        var elements: [JSONValue] = []
        // The element ranges of this array when it is the one at the recorded path.
        var ranges: [Range<Int>]? = recording?.isAtPath == true ? [] : nil
        recording?.current.append(nil)
        defer { recording?.current.removeLast() }
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            if ranges != nil { recording?.elements = [] }
            return .array(elements)
        }
        while true {
            skipWhitespace()
            let start = index
            let element = try value(depth: depth)
            if ranges != nil {
                elements.append(.null)
                ranges?.append(start..<index)
            } else {
                elements.append(element)
            }
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                if let ranges { recording?.elements = ranges }
                return .array(elements)
            default: throw failure
            }
        }
    }

    private mutating func number() throws(Failure) -> Double {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), isDigit(first) else { throw failure }
        index += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        var isFraction = false
        if peek() == UInt8(ascii: ".") {
            isFraction = true
            index += 1
            guard let digit = peek(), isDigit(digit) else { throw failure }
            skipDigits()
        }
        if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            isFraction = true
            index += 1
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { index += 1 }
            guard let digit = peek(), isDigit(digit) else { throw failure }
            skipDigits()
        }
        // Most feed numbers are small integers: read them without building a String.
        if !isFraction, index - start <= 15 {
            var magnitude: Int64 = 0
            for offset in (bytes[start] == UInt8(ascii: "-") ? start + 1 : start)..<index {
                magnitude = magnitude * 10 + Int64(bytes[offset] - UInt8(ascii: "0"))
            }
            return Double(bytes[start] == UInt8(ascii: "-") ? -magnitude : magnitude)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let number = Double(text) else { throw Failure(offset: start) }
        return number
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while let byte = peek(), isDigit(byte) { index += 1 }
    }

    private mutating func string() throws(Failure) -> String {
        index += 1
        let start = index
        // Fast path: no escapes.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw failure }
            index += 1
        }
        var buffer = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &buffer)
            case 0..<0x20:
                throw Failure(offset: index - 1)
            default:
                buffer.append(byte)
            }
        }
        throw failure
    }

    private mutating func escape(into buffer: inout [UInt8]) throws(Failure) {
        guard let byte = peek() else { throw failure }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800..<0xDC00).contains(scalar) {
                // A high surrogate must be followed by an escaped low one; otherwise it is replaced.
                if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    let saved = index
                    index += 2
                    let low = try hex4()
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        index = saved
                        scalar = 0xFFFD
                    }
                } else {
                    scalar = 0xFFFD
                }
            } else if (0xDC00..<0xE000).contains(scalar) {
                scalar = 0xFFFD
            }
            buffer.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
        default:
            throw Failure(offset: index - 1)
        }
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw failure }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
