// swift-tools-version: 6.0
// Cascade: a waterfall media feed toolkit, built and tested on Linux. Targets are layers (see
// Docs/ARCHITECTURE.md): a target imports only targets listed above it here, and lists every
// module it imports (scripts/check-imports.py checks it). Only the system libraries CPixbuf and
// CGtk and the targets that import them (CascadePixbuf, CascadeGTK, CascadeBench and their
// tests) touch C; the core targets are Foundation-only.
import PackageDescription

let package = Package(
    name: "Cascade",
    products: [
        .library(name: "CascadeLayout", targets: ["CascadeLayout"]),
        .library(name: "CascadeCollection", targets: ["CascadeCollection"]),
        .library(name: "CascadeFeed", targets: ["CascadeFeed"]),
        .library(name: "CascadeImages", targets: ["CascadeImages"]),
        .library(name: "CascadePlayer", targets: ["CascadePlayer"]),
        .library(name: "CascadeFolder", targets: ["CascadeFolder"]),
        .library(name: "CascadeScreens", targets: ["CascadeScreens"]),
        .executable(name: "cascade", targets: ["CascadeApp"]),
        .executable(name: "cascade-bench", targets: ["CascadeBench"]),
        .executable(name: "cascade-layout-check", targets: ["CascadeLayoutCheck"]),
    ],
    targets: [
        // MARK: Core (Foundation-only)
        // The one checked floating-point → integer conversion every target uses.
        .target(name: "CascadeNumerics"),
        // The one timer source of every model with a timer (carousel, player controls).
        .target(name: "CascadeScheduling"),
        // The one way a file is replaced (temporary file, fsync, rename, folder fsync), the sweep
        // of temporary files a crash left, and the once-per-folder warning of a full disk.
        .target(name: "CascadeStorage"),
        .target(name: "CascadeLayout", dependencies: ["CascadeNumerics"]),
        .target(name: "CascadeCollection", dependencies: ["CascadeLayout", "CascadeNumerics", "CascadeScheduling"]),
        // The one content sniffer (what a file's first bytes are): the folder scan, the opener and
        // the player's probe agree on every file through it.
        .target(name: "CascadeContent"),
        // Cascade's one HTTP client: URLSession with a cap counted after decoding, backpressure,
        // timeouts and the redirect rule, for the feed loader, the covers and the player's probe.
        .target(name: "CascadeTransfer"),
        .target(name: "CascadeFeed", dependencies: ["CascadeNumerics", "CascadeStorage", "CascadeTransfer"]),
        .target(name: "CascadeImages", dependencies: ["CascadeNumerics", "CascadeStorage", "CascadeTransfer"]),
        .target(
            name: "CascadePlayer",
            dependencies: [
                "CascadeContent", "CascadeNumerics", "CascadeScheduling", "CascadeStorage", "CascadeTransfer",
            ]),
        // A folder of videos as a feed: scanning, content sniffing, the freedesktop thumbnail store.
        .target(
            name: "CascadeFolder",
            dependencies: ["CascadeContent", "CascadeFeed", "CascadeImages", "CascadeNumerics", "CascadeStorage"]),

        // MARK: Platform adapters without UI
        // gdk-pixbuf alone (no GTK): the Linux image decoder, usable by the bench and tests.
        .systemLibrary(
            name: "CPixbuf",
            pkgConfig: "gdk-pixbuf-2.0",
            providers: [.apt(["libgdk-pixbuf-2.0-dev"])]
        ),
        // glibc's malloc.h (heap statistics for the benchmark's memory cases); no library to link.
        .systemLibrary(name: "CMalloc"),
        .target(name: "CascadePixbuf", dependencies: ["CPixbuf", "CascadeImages", "CascadeNumerics"]),
        // GStreamer alone (no GTK): probing and frame grabbing for folder feeds.
        .systemLibrary(
            name: "CGStreamer",
            pkgConfig: "gstreamer-pbutils-1.0",
            providers: [.apt(["libgstreamer1.0-dev", "libgstreamer-plugins-base1.0-dev"])]
        ),
        .target(
            name: "CascadeGStreamer",
            dependencies: [
                "CGStreamer", "CPixbuf", "CascadeFolder", "CascadeNumerics", "CascadePlayer", "CascadeTransfer",
            ]),

        // The script language (`cascade --script`) and its typed report, shared by the app and the tests.
        .target(name: "CascadeScript", dependencies: ["CascadeNumerics"]),

        // MARK: Screen models (Foundation-only)
        // The search bar's matching (case, accents, widths folded; CJK substrings) and its results as a feed.
        .target(name: "CascadeSearch", dependencies: ["CascadeFeed"]),
        // What a screen shows and how it reacts, over the core targets; the GTK host only draws it.
        .target(
            name: "CascadeScreens",
            dependencies: [
                "CascadeLayout", "CascadeCollection", "CascadeContent", "CascadeFeed", "CascadeNumerics",
                "CascadeScheduling", "CascadeSearch", "CascadeStorage",
            ]
        ),

        // MARK: The GTK host and the app
        .systemLibrary(
            name: "CGtk",
            // libadwaita's pkg-config file requires gtk4's, so its flags cover both.
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libgtk-4-dev", "libadwaita-1-dev"])]
        ),
        .target(
            name: "CascadeGTK",
            dependencies: [
                "CGtk", "CascadeLayout", "CascadeCollection", "CascadeFeed", "CascadeFolder", "CascadeGStreamer",
                "CascadeImages", "CascadeNumerics", "CascadePixbuf", "CascadePlayer", "CascadeScheduling",
                "CascadeScreens", "CascadeStorage",
            ]
        ),
        // Script mode: the runner that drives the window as input does, the headless display,
        // screenshots, frame stats and the state report (the language is CascadeScript's).
        .target(
            name: "CascadeScriptRunner",
            dependencies: [
                "CGtk", "CascadeFeed", "CascadeGStreamer", "CascadeGTK", "CascadeNumerics", "CascadeScreens",
                "CascadeScript",
            ]
        ),
        .executableTarget(
            name: "CascadeApp",
            dependencies: [
                "CascadeGTK", "CascadeFeed", "CascadePlayer", "CascadeScreens", "CascadeScriptRunner", "CascadeStorage",
            ]),

        // MARK: Benchmarks
        .executableTarget(
            name: "CascadeBench",
            dependencies: [
                "CGtk", "CPixbuf", "CascadeLayout", "CascadeCollection", "CascadeContent", "CascadeFeed",
                "CascadeFolder", "CascadeGStreamer", "CascadeGTK", "CMalloc", "CascadeImages", "CascadeNumerics",
                "CascadePixbuf", "CascadeScreens", "CascadeScriptRunner",
            ]
        ),

        // MARK: Checks
        // `.provided` sizing checked end to end; scripts/release-check.sh runs it from a release build.
        .executableTarget(name: "CascadeLayoutCheck", dependencies: ["CascadeLayout"]),

        // MARK: Tests
        .target(
            name: "CascadeTestSupport",
            dependencies: [
                "CascadeLayout", "CascadeCollection", "CascadeFeed", "CascadeFolder", "CascadeImages",
                "CascadeNumerics",
                "CascadePlayer",
                "CascadeScheduling",
                "CascadeScript",
            ],
            path: "Sources/CascadeTestSupport"
        ),
        .testTarget(name: "CascadeNumericsTests", dependencies: ["CascadeNumerics"]),
        .testTarget(name: "CascadeContentTests", dependencies: ["CascadeContent"]),
        .testTarget(name: "CascadeStorageTests", dependencies: ["CascadeStorage"]),
        .testTarget(name: "CascadeTransferTests", dependencies: ["CascadeTransfer", "CascadeTestSupport"]),
        .testTarget(
            name: "CascadeLayoutTests", dependencies: ["CascadeLayout", "CascadeLayoutCheck", "CascadeTestSupport"]),
        .testTarget(
            name: "CascadeCollectionTests",
            dependencies: ["CascadeCollection", "CascadeLayout", "CascadeScheduling", "CascadeTestSupport"]
        ),
        .testTarget(name: "CascadeFeedTests", dependencies: ["CascadeFeed", "CascadeTestSupport"]),
        .testTarget(name: "CascadeImagesTests", dependencies: ["CascadeImages", "CascadeTestSupport"]),
        .testTarget(
            name: "CascadePixbufTests",
            dependencies: [
                "CascadePixbuf", "CascadeImages", "CPixbuf", "CascadeTestSupport",
            ]
        ),
        .testTarget(
            name: "CascadeFolderTests",
            dependencies: ["CascadeFolder", "CascadeFeed", "CascadeImages", "CascadeNumerics", "CascadeTestSupport"]
        ),
        .testTarget(
            name: "CascadeGStreamerTests",
            dependencies: [
                "CGStreamer", "CascadeGStreamer", "CascadeFolder", "CascadeFeed", "CascadeImages", "CascadePixbuf",
                "CascadeTestSupport",
            ]
        ),
        .testTarget(
            name: "CascadeScreensTests",
            dependencies: [
                "CascadeScreens", "CascadeLayout", "CascadeCollection", "CascadeFeed", "CascadeSearch",
                "CascadeTestSupport",
            ]
        ),
        .testTarget(name: "CascadeSearchTests", dependencies: ["CascadeSearch", "CascadeFeed"]),
        .testTarget(
            name: "CascadePlayerTests",
            dependencies: ["CascadeContent", "CascadePlayer", "CascadeStorage", "CascadeTestSupport"]),
        .testTarget(name: "CascadeScriptTests", dependencies: ["CascadeScript"]),
        .testTarget(
            name: "CascadeGTKTests",
            dependencies: [
                "CascadeGTK", "CGtk", "CGStreamer", "CascadeFeed", "CascadeGStreamer", "CascadeImages", "CascadePlayer",
                "CascadeScreens", "CascadeScriptRunner", "CascadeTestSupport",
            ]
        ),
        .testTarget(
            name: "CascadeAppTests",
            dependencies: [
                "CascadeTestSupport", "CascadeFeed", "CascadeGTK", "CascadeImages", "CascadePixbuf", "CascadeFolder",
                "CascadeNumerics", "CascadePlayer", "CascadeScreens", "CascadeScript", "CascadeScriptRunner",
                "CascadeStorage",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
