import CascadeLayout

/// Whether the interface reads right to left, from the user's language.
///
/// The language is the one gettext picks messages in: the first entry of `LANGUAGE`, else
/// `LC_ALL`, `LC_MESSAGES`, `LANG` (the first one set and not empty). Arabic, Hebrew, Persian,
/// Urdu and the other right-to-left scripts' languages mirror the interface: the waterfall's
/// columns, the tab strip and the banner carousel start at the right.
public enum InterfaceDirection {
    /// Languages written right to left (ISO 639 codes, including the old `iw` for Hebrew).
    public static let rightToLeftLanguages: Set<String> = [
        "ar", "arc", "ckb", "dv", "fa", "ha", "he", "iw", "ks", "ku", "ps", "sd", "ug", "ur", "yi",
    ]

    /// The direction for a process environment.
    public static func layoutDirection(environment: [String: String]) -> LayoutDirection {
        guard let language = language(environment: environment) else { return .leftToRight }
        return rightToLeftLanguages.contains(language) ? .rightToLeft : .leftToRight
    }

    /// The language code (lower case, without territory, codeset or modifier) of the UI
    /// messages, or nil for the C/POSIX locale or none.
    public static func language(environment: [String: String]) -> String? {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        // gettext ignores LANGUAGE when the locale is C.
        if let locale, isCLocale(locale) { return nil }
        if let list = environment["LANGUAGE"],
            let first = list.split(separator: ":").first(where: { !$0.isEmpty }), locale != nil
        {
            return code(of: String(first))
        }
        return locale.flatMap { code(of: $0) }
    }

    // MARK: Private

    private static func isCLocale(_ locale: String) -> Bool {
        let base = locale.split(separator: ".").first.map(String.init) ?? locale
        return base == "C" || base == "POSIX"
    }

    private static func code(of locale: String) -> String? {
        guard !isCLocale(locale) else { return nil }
        let code = locale.prefix { $0.isLetter }.lowercased()
        return code.isEmpty ? nil : code
    }
}
