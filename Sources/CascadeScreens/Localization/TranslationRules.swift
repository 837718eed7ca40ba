import Foundation

/// How the UI's English strings find their translation, whatever looks them up (the host uses
/// gettext).
///
/// A string with numbers in it ("The server answered 500", "Scanning… 120 videos") is looked up
/// whole first, then with every run of ASCII digits written as `%d` ("The server answered %d");
/// the numbers go back into the translation in order, so a catalog translates the pattern once.
public enum TranslationRules {
    /// `english` translated by `lookUp` (which returns its argument when it has no
    /// translation), or `english` itself. The empty string stays empty (gettext's "" is the
    /// catalog header).
    public static func translate(_ english: String, lookUp: (String) -> String) -> String {
        guard !english.isEmpty else { return english }
        let whole = lookUp(english)
        if whole != english { return whole }
        let (pattern, numbers) = numberPattern(english)
        guard !numbers.isEmpty else { return english }
        let translated = lookUp(pattern)
        guard translated != pattern else { return english }
        return filling(translated, with: numbers)
    }

    /// The language a gettext catalog is in, from its header (what `gettext("")` returns: the
    /// PO header, with a `Language: zh_CN` line); nil for no catalog or no such line.
    public static func language(ofCatalogHeader header: String) -> String? {
        for line in header.split(separator: "\n") where line.hasPrefix("Language:") {
            let code = line.dropFirst("Language:".count).trimmingCharacters(in: .whitespaces)
            let valid = code.allSatisfy {
                $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "@")
            }
            return !code.isEmpty && code.count <= 32 && valid ? code : nil
        }
        return nil
    }

    /// `text` with every run of ASCII digits replaced by `%d`, and the runs in order.
    public static func numberPattern(_ text: String) -> (pattern: String, numbers: [String]) {
        var pattern = ""
        var numbers: [String] = []
        var digits = ""
        for character in text {
            if character.isASCII, character.isNumber {
                digits.append(character)
                continue
            }
            if !digits.isEmpty {
                numbers.append(digits)
                pattern += "%d"
                digits = ""
            }
            pattern.append(character)
        }
        if !digits.isEmpty {
            numbers.append(digits)
            pattern += "%d"
        }
        return (pattern, numbers)
    }

    /// `translated` with each `%d` replaced by the next of `numbers` (a translation with fewer
    /// `%d` drops the rest; extra `%d` stay as written).
    public static func filling(_ translated: String, with numbers: [String]) -> String {
        var remaining = numbers[...]
        var result = ""
        var rest = Substring(translated)
        while let range = rest.range(of: "%d"), let number = remaining.popFirst() {
            result += rest[..<range.lowerBound]
            result += number
            rest = rest[range.upperBound...]
        }
        return result + rest
    }

    /// Where the compiled catalogs are: the first existing directory of `$CASCADE_LOCALEDIR`,
    /// `locale/` beside the executable (a build) and `../share/locale` from it (an install).
    public static func catalogDirectory(environment: [String: String], executable: URL) -> String? {
        let binary = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates: [String?] = [
            environment["CASCADE_LOCALEDIR"],
            binary.appendingPathComponent("locale").path,
            binary.deletingLastPathComponent().appendingPathComponent("share/locale").path,
        ]
        return candidates.compactMap { $0 }.first { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }
}
