import Foundation

/// Reads a duration sent as seconds (`5`, `"5"`, `"5.5"`) or as a clock (`"0:05"`, `"1:02:03"`).
enum DurationParser {
    /// Seconds, or nil when the value is not a finite, non-negative duration.
    static func seconds(from value: JSONValue) -> Double? {
        if case .string(let string) = value {
            return seconds(from: string)
        }
        guard let number = value.number, number >= 0 else { return nil }
        return number
    }

    /// Seconds from text, or nil when the text is not a duration.
    static func seconds(from text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        guard trimmed.contains(":") else {
            guard let number = Double(trimmed), number.isFinite, number >= 0 else { return nil }
            return number
        }
        let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        var total = 0.0
        for (offset, part) in parts.enumerated() {
            let isLast = offset == parts.count - 1
            guard !part.isEmpty, let number = isLast ? Double(part) : Double(Int(part) ?? -1), number.isFinite,
                number >= 0
            else { return nil }
            // Minutes and seconds after the leading field must be below 60 ("1:75" is not a clock).
            if offset > 0, number >= 60 { return nil }
            total = total * 60 + number
        }
        return total
    }
}
