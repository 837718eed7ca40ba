import Foundation

/// The `cascade` command line.
///
/// ```
/// cascade [--feed-url URL] [--catalog DIR] [--folder DIR] [--columns N] [--no-previews] [--color-scheme S] [--cell-style S] [--request-timeout S] [--script FILE --report FILE.json
///         [--screenshots DIR]] [--headless-out DIR] [--single-instance | --new-instance] [--version] [--help]
///         [FILE | DIR]...
/// ```
public struct LaunchOptions: Equatable, Sendable {
    /// Where the feed comes from.
    public enum Source: Equatable, Sendable {
        /// The embedded demo catalog (generated on first run); an explicit directory if given.
        case demoCatalog(directory: String?)
        /// An HTTP feed: a URL template with `{page}`/`{size}` (and optionally `{channel}`), or
        /// a plain URL to which `page` and `size` query parameters are appended.
        case http(String)
        /// A server speaking `scripts/feed_server.py`'s protocol: `<base>/channels.json` and
        /// `<base>/feed/<channel>?page=P&size=S`; every channel gets a page.
        case server(String)
        /// A folder of the user's videos (`--folder DIR`, or a folder as the first argument):
        /// one channel per subfolder with videos, freedesktop thumbnails as covers.
        case folder(String)
    }

    /// The feed source.
    public var source = Source.demoCatalog(directory: nil)
    /// A fixed column count, or nil for adaptive columns from the window width.
    public var columns: Int?
    /// A script to run (`--script`), with its report file.
    public var scriptPath: String?
    /// Where the script's JSON report goes.
    public var reportPath: String?
    /// Where `screenshot NAME` actions write PNGs.
    public var screenshotsDirectory: String?
    /// Where headless runs (no display) write their PNGs.
    public var headlessOutput: String?
    /// The HTTP request timeout in seconds (10, the reference's, unless given).
    public var requestTimeout: Double = 10
    /// Items asked for per page (10, the reference's, unless given).
    public var pageSize = 10
    /// Seconds between the banner carousel's automatic advances (0: never).
    public var carouselInterval: Double = 4
    /// Whether resting the pointer (or keyboard focus) on a cell may play a preview;
    /// `--no-previews` turns them off for this run whatever the preference says.
    public var previews = true
    /// `--color-scheme default|light|dark`: the style for this run whatever the preference says
    /// (nil: the preference's).
    public var colorScheme: ColorScheme?
    /// `--cell-style fitted|reference`: fitted cells (the default) give a title the lines it
    /// needs; reference cells keep the design's 85/4/11 proportions.
    public var cellStyle = CellStyle.fitted
    /// Whether to print usage and exit.
    public var showHelp = false
    /// Whether to print the version (and the GTK and GStreamer versions) and exit.
    public var showVersion = false
    /// Whether the generated demo catalog is the small one (2 channels × 14 short clips).
    public var smallDemo = false
    /// Files and folders to open (positional arguments; `file://` URIs become paths).
    public var paths: [String] = []
    /// `--single-instance` (true) or `--new-instance` (false); nil lets the mode decide (see
    /// `usesSingleInstance(headless:)`).
    public var singleInstance: Bool?
    /// `--preferences` (true) or `--no-preferences` (false); nil lets the mode decide (see
    /// `usesPreferences(headless:)`).
    public var preferences: Bool?

    /// Default options: the demo catalog, adaptive columns, interactive.
    public init() {}

    /// The usage text.
    public static let usage = """
        usage: cascade [options]

          (no options)          open the feed on the embedded demo catalog
          --feed-url URL        use an HTTP feed; URL may contain {page}, {size} and {channel},
                                otherwise page and size are appended as query parameters
          --feed-server URL     use a feed server's channels (see scripts/feed_server.py)
          --catalog DIR         use a catalog directory instead of the generated demo catalog
          --small-demo          generate and use a small demo catalog (2 × 14 clips, for tests)
          --folder DIR          browse a folder of your videos (one channel per subfolder,
                                freedesktop thumbnails as covers); also `cascade DIR`
          --columns N           fixed column count (default: adaptive, 2 at the reference width)
          --no-previews         no hover previews in the feed this run (the preference keeps
                                its value)
          --color-scheme S      default (follow the desktop), light or dark, this run only
          --cell-style S        fitted (default: a title gets the lines it needs, up to 3) or
                                reference (the design's 85/4/11 cover, gap and title band)
          --request-timeout S   HTTP request timeout in seconds (default 10)
          --carousel-interval S seconds between banner auto-advances (default 4, 0 = off)
          --page-size N         items per feed page (default 10, as in the reference API)
          --script FILE         run scripted actions (see Docs/SCRIPTING.md), then exit
          --report FILE.json    where --script writes the state after each step
          --screenshots DIR     where the script's `screenshot NAME` writes NAME.png
          --headless-out DIR    where a run without a display writes its PNGs
          --single-instance     join the running window even in script mode (tests)
          --new-instance        never join the running window
          --preferences         read and write the preferences and resume positions even in script mode
          --no-preferences      neither read nor write them ($XDG_CONFIG_HOME/cascade/preferences.ini,
                                $XDG_STATE_HOME/cascade/resume-positions)
          --version             print the version and the GTK and GStreamer versions
          --help                show this help
          FILE | DIR            open a video on the player page, or a folder, in the running
                                window if there is one (a second launch hands it over and exits)

        Without a display, cascade says so and renders headless PNGs instead of opening a window.
        """

    /// Whether this run joins (or becomes) the one running instance: interactive runs do;
    /// script and headless runs do not, so tests never collide, unless `--single-instance`.
    public func usesSingleInstance(headless: Bool) -> Bool {
        singleInstance ?? (scriptPath == nil && !headless)
    }

    /// Whether this run reads and writes the preferences file and the resume positions (where
    /// videos were left): interactive runs do; script and headless runs do not (a person's
    /// settings and watching must not change what a test sees), unless `--preferences`.
    public func usesPreferences(headless: Bool) -> Bool {
        preferences ?? (scriptPath == nil && !headless)
    }

    /// Parses arguments (without the program name).
    ///
    /// - Throws: `LaunchOptions.Error` with a message for the user.
    public static func parse(_ arguments: [String]) throws -> LaunchOptions {
        var options = LaunchOptions()
        var rest = arguments[...]
        func value(_ flag: String) throws -> String {
            guard let next = rest.popFirst(), !next.hasPrefix("--") else { throw Error("\(flag) needs a value") }
            return next
        }
        while let arg = rest.popFirst() {
            if arg == "--" {
                options.paths += rest.map(Self.path(fromArgument:))
                break
            }
            if !arg.hasPrefix("-") || arg == "-" {
                options.paths.append(Self.path(fromArgument: arg))
                continue
            }
            switch arg {
            case "--help", "-h": options.showHelp = true
            case "--version": options.showVersion = true
            case "--single-instance": options.singleInstance = true
            case "--new-instance": options.singleInstance = false
            case "--small-demo": options.smallDemo = true
            case "--preferences": options.preferences = true
            case "--no-preferences": options.preferences = false
            case "--no-previews": options.previews = false
            case "--feed-url":
                let url = try value(arg)
                guard
                    let parsed = URL(
                        string: url.replacingOccurrences(of: "{", with: "").replacingOccurrences(of: "}", with: "")),
                    let scheme = parsed.scheme?.lowercased(), ["http", "https"].contains(scheme), parsed.host != nil
                else { throw Error("--feed-url must be an http(s) URL, got '\(url)'") }
                options.source = .http(url)
            case "--feed-server":
                let url = try value(arg)
                guard let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme?.lowercased() ?? ""),
                    parsed.host != nil
                else { throw Error("--feed-server must be an http(s) URL, got '\(url)'") }
                options.source = .server(url)
            case "--catalog": options.source = .demoCatalog(directory: try value(arg))
            case "--folder": options.source = .folder(Self.path(fromArgument: try value(arg)))
            case "--columns":
                let text = try value(arg)
                guard let n = Int(text), (1...12).contains(n) else {
                    throw Error("--columns must be 1...12, got '\(text)'")
                }
                options.columns = n
            case "--color-scheme":
                let text = try value(arg)
                guard let scheme = ColorScheme(rawValue: text) else {
                    throw Error("--color-scheme must be default, light or dark, got '\(text)'")
                }
                options.colorScheme = scheme
            case "--cell-style":
                let text = try value(arg)
                guard let style = CellStyle(rawValue: text) else {
                    throw Error("--cell-style must be fitted or reference, got '\(text)'")
                }
                options.cellStyle = style
            case "--request-timeout":
                let text = try value(arg)
                guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 600 else {
                    throw Error("--request-timeout must be a number of seconds in (0, 600], got '\(text)'")
                }
                options.requestTimeout = seconds
            case "--carousel-interval":
                let text = try value(arg)
                guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds <= 3600 else {
                    throw Error("--carousel-interval must be a number of seconds in [0, 3600], got '\(text)'")
                }
                options.carouselInterval = seconds
            case "--page-size":
                let text = try value(arg)
                guard let n = Int(text), (1...10_000).contains(n) else {
                    throw Error("--page-size must be 1...10000, got '\(text)'")
                }
                options.pageSize = n
            case "--script": options.scriptPath = try value(arg)
            case "--report": options.reportPath = try value(arg)
            case "--screenshots": options.screenshotsDirectory = try value(arg)
            case "--headless-out": options.headlessOutput = try value(arg)
            default: throw Error("unknown option '\(arg)' (see --help)")
            }
        }
        if options.scriptPath != nil, options.reportPath == nil {
            throw Error("--script needs --report FILE.json")
        }
        return options
    }

    /// A `file://` URI as a path; anything else unchanged (a file manager may pass either).
    static func path(fromArgument argument: String) -> String {
        guard argument.lowercased().hasPrefix("file://"), let url = URL(string: argument), url.isFileURL else {
            return argument
        }
        return url.path
    }

    /// A command-line mistake, with the message to print.
    public struct Error: Swift.Error, Equatable, CustomStringConvertible {
        /// What was wrong.
        public var description: String
        init(_ description: String) { self.description = description }
    }
}
