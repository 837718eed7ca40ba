import Foundation

/// Decides what the preferences are and when the file is written; the host only reads and
/// writes the key file it is told to.
///
/// - A missing file gives the defaults and nothing is written until a setting changes.
/// - A file that cannot be parsed gives the defaults and a warning, and is left as it is (the
///   person may want to repair it) until a setting changes; then the whole file is rewritten.
/// - A value out of range or of the wrong type falls back to its default with a warning.
/// - Keys this version does not know are kept when the file is rewritten.
///
/// ```swift
/// var model = PreferencesModel(source: .entries(["volume": "0.4"]))
/// model.preferences.volume  // 0.4
/// if let entries = model.update({ $0.volume = 0.7 }) { /* write entries to the file */ }
/// ```
public struct PreferencesModel: Sendable {
    /// What the host found on disk.
    public enum Source: Equatable, Sendable {
        /// No file.
        case missing
        /// The key/value pairs of the file's `[Cascade]` group.
        case entries([String: String])
        /// A file that could not be read or parsed, with the reason.
        case unreadable(String)
    }

    /// The key file group the settings live in.
    public static let group = "Cascade"
    /// The file name inside the config directory.
    public static let fileName = "preferences.ini"

    /// The settings in effect.
    public private(set) var preferences: Preferences
    /// What was wrong with the file, one line each, for the terminal.
    public private(set) var warnings: [String] = []
    private var unknown: [String: String] = [:]

    // MARK: Lifecycle

    /// Reads the preferences from what the host found on disk.
    public init(source: Source) {
        preferences = Preferences()
        switch source {
        case .missing: break
        case .unreadable(let reason):
            warnings.append("the preferences file is unreadable (\(reason)); using the defaults")
        case .entries(let entries):
            for (key, value) in entries.sorted(by: { $0.key < $1.key }) { read(key: key, value: value) }
        }
    }

    // MARK: Public API

    /// Applies `change`; returns the entries to write when a setting changed (values are
    /// clamped first), nil when nothing did (no write).
    public mutating func update(_ change: (inout Preferences) -> Void) -> [String: String]? {
        var next = preferences
        change(&next)
        next = Self.clamped(next)
        guard next != preferences else { return nil }
        preferences = next
        return entries
    }

    /// Records a channel selection: selecting the first channel while none was recorded is
    /// not a change (so merely starting the app never writes the file).
    public mutating func channelSelected(_ id: String, isFirst: Bool) -> [String: String]? {
        if isFirst && preferences.lastChannel == nil { return nil }
        return update { $0.lastChannel = id }
    }

    /// The full file contents for the current settings, plus unknown keys kept as found.
    public var entries: [String: String] {
        var result = unknown
        result["columns"] = preferences.columns.map(String.init) ?? "auto"
        result["hover-previews"] = preferences.hoverPreviews ? "true" : "false"
        result["volume"] = String(format: "%.3f", preferences.volume)
        if let channel = preferences.lastChannel { result["last-channel"] = channel }
        result["color-scheme"] = preferences.colorScheme.rawValue
        if let folder = preferences.defaultFolder { result["default-folder"] = folder }
        result["image-cache-mb"] = String(preferences.imageCacheMegabytes)
        result["autoplay-next"] = preferences.autoplayNext ? "true" : "false"
        return result
    }

    /// Files larger than this are not parsed (treated as unreadable).
    public static let maxFileBytes = 64 << 10

    /// What the file at `url` is when it is not one to parse: `.missing`, or `.unreadable`
    /// when it is not a regular file or is larger than `maxFileBytes`; nil for a file to read.
    public static func refusedSource(at url: URL) -> Source? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path) else { return .missing }
        guard (attributes[.type] as? FileAttributeType) == .typeRegular else {
            return .unreadable("not a regular file")
        }
        guard let size = attributes[.size] as? Int, size <= maxFileBytes else {
            return .unreadable("larger than \(maxFileBytes >> 10) KB")
        }
        return nil
    }

    /// `$XDG_CONFIG_HOME/cascade/preferences.ini`; a relative or empty `XDG_CONFIG_HOME` is
    /// ignored as the XDG base directory specification says (then `~/.config`).
    public static func fileURL(environment: [String: String], home: URL) -> URL {
        let base =
            environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? home.appendingPathComponent(".config")
        return base.appendingPathComponent("cascade").appendingPathComponent(fileName)
    }

    // MARK: Private

    private mutating func read(key: String, value raw: String) {
        let value = raw.trimmingCharacters(in: .whitespaces)
        func reject() {
            warnings.append("preferences: ignoring \(key)=\(value.prefix(40)) (out of range); using the default")
        }
        switch key {
        case "columns":
            if value == "auto" {
                preferences.columns = nil
            } else if let n = Int(value), Preferences.columnRange.contains(n) {
                preferences.columns = n
            } else {
                reject()
            }
        case "hover-previews":
            switch value.lowercased() {
            case "true", "1": preferences.hoverPreviews = true
            case "false", "0": preferences.hoverPreviews = false
            default: reject()
            }
        case "autoplay-next":
            switch value.lowercased() {
            case "true", "1": preferences.autoplayNext = true
            case "false", "0": preferences.autoplayNext = false
            default: reject()
            }
        case "volume":
            if let v = Double(value), v.isFinite, (0...1).contains(v) { preferences.volume = v } else { reject() }
        case "last-channel":
            if !value.isEmpty, value.count <= Preferences.maxChannelLength {
                preferences.lastChannel = value
            } else {
                reject()
            }
        case "image-cache-mb":
            if let n = Int(value), Preferences.imageCacheChoices.contains(n) {
                preferences.imageCacheMegabytes = n
            } else {
                reject()
            }
        case "default-folder":
            if Preferences.isAcceptableFolder(value) { preferences.defaultFolder = value } else { reject() }
        case "color-scheme":
            if let scheme = ColorScheme(rawValue: value.lowercased()) {
                preferences.colorScheme = scheme
            } else {
                reject()
            }
        default:
            unknown[key] = raw
        }
    }

    private static func clamped(_ p: Preferences) -> Preferences {
        var p = p
        if let c = p.columns {
            p.columns = min(Preferences.columnRange.upperBound, max(Preferences.columnRange.lowerBound, c))
        }
        p.volume = p.volume.isFinite ? min(1, max(0, p.volume)) : 1
        if let channel = p.lastChannel, channel.isEmpty || channel.count > Preferences.maxChannelLength {
            p.lastChannel = nil
        }
        if let folder = p.defaultFolder, !Preferences.isAcceptableFolder(folder) { p.defaultFolder = nil }
        if !Preferences.imageCacheChoices.contains(p.imageCacheMegabytes) {
            // The nearest offered budget, so a value from elsewhere still means about as much
            // (bounded first: the distance to Int.min would overflow).
            let wanted = min(1 << 20, max(0, p.imageCacheMegabytes))
            p.imageCacheMegabytes = Preferences.imageCacheChoices.min { abs($0 - wanted) < abs($1 - wanted) } ?? 150
        }
        return p
    }
}
