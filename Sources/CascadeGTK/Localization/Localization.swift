import CGtk
import Foundation

/// The UI's translations: glibc's gettext with the `cascade` text domain, chosen by
/// `LANGUAGE`/`LC_ALL`/`LC_MESSAGES`/`LANG` as in every GNOME program.
///
/// The core targets stay Foundation-only and speak English: a string they hand the host
/// (an alert's title and message, the footer's and the refresh header's text, a catalog's
/// status line) is its own gettext message id. The host translates where it draws text
/// (`AlertOverlay`, `StatusLine`, the status line, the report), so a language without a
/// catalog, or a string without a translation, shows the English text.
///
/// A string with numbers in it ("The server answered 500", "Scanning… 120 videos") is looked
/// up whole first, then with every run of ASCII digits written as `%d` ("The server answered
/// %d"); the numbers go back into the translation in order, so a catalog translates the
/// pattern once. Docs/LOCALIZATION.md says how to add a language.
public enum Localization {
    /// The gettext text domain: catalogs are `<dir>/<lang>/LC_MESSAGES/cascade.mo`.
    public static let domain = "cascade"

    /// The directory holding the compiled catalogs, if one was found by `start`.
    public nonisolated(unsafe) static var directory: String?

    /// Reads the locale from the environment (`setlocale(LC_ALL, "")`) and binds the text
    /// domain to the first existing of: `$CASCADE_LOCALEDIR`, `locale/` beside the executable
    /// (a build: `scripts/build-locales.sh`), `../share/locale` from it (an install).
    /// Call once at start, before any text is shown.
    public static func start(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments.first ?? "cascade")
    ) {
        setlocale(LC_ALL, "")
        guard let found = catalogDirectory(environment: environment, executable: executable) else { return }
        directory = found
        bindtextdomain(domain, found)
        bind_textdomain_codeset(domain, "UTF-8")
    }

    /// Where the catalogs are, by the order `start` documents; nil when none exists.
    static func catalogDirectory(environment: [String: String], executable: URL) -> String? {
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

    /// `english` in the user's language, or `english` itself when there is no translation.
    public static func text(_ english: String) -> String {
        guard !english.isEmpty else { return english }  // gettext("") is the catalog header
        let whole = lookUp(english)
        if whole != english { return whole }
        let (pattern, numbers) = numberPattern(english)
        guard !numbers.isEmpty else { return english }
        let translated = lookUp(pattern)
        guard translated != pattern else { return english }
        return filling(translated, with: numbers)
    }

    // MARK: Internal

    /// `text` with every run of ASCII digits replaced by `%d`, and the runs in order.
    static func numberPattern(_ text: String) -> (pattern: String, numbers: [String]) {
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
    static func filling(_ translated: String, with numbers: [String]) -> String {
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

    // MARK: Private

    private static func lookUp(_ id: String) -> String {
        // gettext returns either its argument or a string in the mapped catalog: copy it while
        // the argument's buffer is still alive.
        id.withCString { String(cString: dgettext(domain, $0)) }
    }
}
