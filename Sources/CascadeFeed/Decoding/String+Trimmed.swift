import Foundation

extension String {
    /// The string without surrounding whitespace and newlines; cheap when there is none (the
    /// usual case for a title): two scalar checks, nothing copied.
    package var trimmed: String {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last else { return self }
        guard Self.mayBeSpace(first) || Self.mayBeSpace(last) else { return self }
        return trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// False for a scalar that is surely not whitespace: printable ASCII past the space, without
    /// asking `CharacterSet` (a cell's accessible label trims its title on every bind).
    private static func mayBeSpace(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return CharacterSet.whitespacesAndNewlines.contains(scalar) }
        return scalar.value <= 0x20
    }
}
