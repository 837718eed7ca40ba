import CascadeNumerics
import Foundation

/// A parsed JSON value (see `JSONParser`), so the feed decoder can accept numbers sent as strings
/// and other loose shapes without a second parse.
enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { object[key] } else { nil }
    }

    /// A number from a JSON number or a numeric string; nil otherwise (never NaN or infinite).
    var number: Double? {
        let value: Double?
        switch self {
        case .number(let number): value = number
        case .string(let string): value = Double(string.trimmingCharacters(in: .whitespacesAndNewlines))
        case .bool(let bool): value = bool ? 1 : 0
        default: value = nil
        }
        guard let value, value.isFinite else { return nil }
        return value
    }

    /// A string from a JSON string or number (integral numbers without a fraction); nil otherwise.
    var text: String? {
        switch self {
        case .string(let string): return string
        case .number(let number):
            if number.isFinite, number == number.rounded(), abs(number) < 1e15 {
                return String(Int64(saturating: number))
            }
            return String(number)
        default: return nil
        }
    }

    /// A flag from `1`/`0`, `"1"`/`"0"`, `true`/`false`; nil for anything else.
    var flag: Bool? {
        switch self {
        case .bool(let bool): return bool
        case .number, .string:
            if case .string(let s) = self, ["true", "false"].contains(s.lowercased()) {
                return s.lowercased() == "true"
            }
            return number.map { $0 != 0 }
        default: return nil
        }
    }
}
