import CGtk
import CascadeScreens
import Foundation

/// The UI's translations: glibc's gettext, text domain `cascade`, the language chosen from
/// `LANGUAGE`/`LC_ALL`/`LC_MESSAGES`/`LANG` by `TranslationRules`. The core targets speak English:
/// a string they hand over is its own message id, translated where drawn (Docs/LOCALIZATION.md).
public enum Localization {
    /// The gettext text domain: catalogs are `<dir>/<lang>/LC_MESSAGES/cascade.mo`.
    package static let domain = "cascade"

    /// The directory holding the compiled catalogs, if one was found by `start`.
    package nonisolated(unsafe) static var directory: String?

    /// Reads the locale from the environment and binds the text domain to
    /// `TranslationRules.catalogDirectory`; call once at start, before any text is shown.
    public static func start(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments.first ?? "cascade")
    ) {
        setlocale(LC_ALL, "")
        guard let found = TranslationRules.catalogDirectory(environment: environment, executable: executable) else {
            return
        }
        directory = found
        bindtextdomain(domain, found)
        bind_textdomain_codeset(domain, "UTF-8")
    }

    /// The UI's language as a locale, for names the core spells per locale (the languages in
    /// the track menus): the language of the catalog gettext uses, English without one, so
    /// the names match the rest of the UI.
    package static var locale: Locale {
        let header = String(cString: dgettext(domain, ""))
        return Locale(identifier: TranslationRules.language(ofCatalogHeader: header) ?? "en")
    }

    /// `english` in the user's language, or `english` itself when there is no translation.
    package static func text(_ english: String) -> String {
        TranslationRules.translate(english) { id in
            // gettext returns its argument or a catalog string: copy it while the argument is alive.
            id.withCString { String(cString: dgettext(domain, $0)) }
        }
    }
}
