// swift-tools-version: 6.0
// Cascade: a waterfall media feed toolkit. Targets are layers (see Docs/ARCHITECTURE.md):
// a target imports only targets listed above it here; only CGtk, CascadeGTK and CascadeApp touch C or UI.
import PackageDescription

let package = Package(
    name: "Cascade",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "CascadeLayout", targets: ["CascadeLayout"]),
        .library(name: "CascadeCollection", targets: ["CascadeCollection"]),
        .library(name: "CascadeFeed", targets: ["CascadeFeed"]),
        .library(name: "CascadeImages", targets: ["CascadeImages"]),
        .library(name: "CascadePlayer", targets: ["CascadePlayer"]),
        .library(name: "CascadeUIKit", targets: ["CascadeUIKit"]),
        .executable(name: "cascade", targets: ["CascadeApp"]),
        .executable(name: "cascade-bench", targets: ["CascadeBench"]),
    ],
    targets: [
        // MARK: Core (pure Swift, Linux-tested)
        // The one checked floating-point → integer conversion every target uses.
        .target(name: "CascadeNumerics"),
        .target(name: "CascadeLayout"),
        .target(name: "CascadeCollection", dependencies: ["CascadeLayout"]),
        .target(name: "CascadeFeed"),
        .target(name: "CascadeImages"),
        .target(name: "CascadePlayer"),

        // MARK: Platform adapters without UI
        // gdk-pixbuf alone (no GTK): the Linux image decoder, usable by the bench and tests.
        .systemLibrary(
            name: "CPixbuf",
            pkgConfig: "gdk-pixbuf-2.0",
            providers: [.apt(["libgdk-pixbuf-2.0-dev"])]
        ),
        .target(name: "CascadePixbuf", dependencies: ["CPixbuf", "CascadeImages"]),

        // MARK: Screen models (pure Swift, shared by every host)
        // What a screen shows and how it reacts, over the core targets; hosts only draw it.
        .target(
            name: "CascadeScreens",
            dependencies: ["CascadeCollection", "CascadeFeed", "CascadeImages", "CascadeNumerics", "CascadePlayer"]
        ),

        // MARK: Hosts
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        .target(
            name: "CascadeGTK",
            dependencies: [
                "CGtk", "CascadeLayout", "CascadeCollection", "CascadeFeed", "CascadeImages", "CascadePixbuf",
                "CascadePlayer", "CascadeScreens",
            ]
        ),
        .executableTarget(name: "CascadeApp", dependencies: ["CascadeGTK"]),
        .target(
            name: "CascadeUIKit",
            dependencies: ["CascadeLayout", "CascadeCollection", "CascadeFeed", "CascadeImages", "CascadePlayer"]
        ),

        // MARK: Benchmarks
        .executableTarget(
            name: "CascadeBench",
            dependencies: [
                "CascadeLayout", "CascadeCollection", "CascadeFeed", "CascadeImages", "CascadePixbuf", "CascadePlayer",
            ]
        ),

        // MARK: Tests
        .target(
            name: "CascadeTestSupport",
            dependencies: ["CascadeLayout", "CascadeCollection", "CascadeFeed", "CascadeImages", "CascadePlayer"],
            path: "Sources/CascadeTestSupport"
        ),
        .testTarget(name: "CascadeNumericsTests", dependencies: ["CascadeNumerics"]),
        .testTarget(name: "CascadeLayoutTests", dependencies: ["CascadeLayout", "CascadeTestSupport"]),
        .testTarget(name: "CascadeCollectionTests", dependencies: ["CascadeCollection", "CascadeTestSupport"]),
        .testTarget(name: "CascadeFeedTests", dependencies: ["CascadeFeed", "CascadeTestSupport"]),
        .testTarget(name: "CascadeImagesTests", dependencies: ["CascadeImages", "CascadeTestSupport"]),
        .testTarget(name: "CascadePixbufTests", dependencies: ["CascadePixbuf", "CPixbuf", "CascadeTestSupport"]),
        .testTarget(name: "CascadeScreensTests", dependencies: ["CascadeScreens", "CascadeTestSupport"]),
        .testTarget(name: "CascadePlayerTests", dependencies: ["CascadePlayer", "CascadeTestSupport"]),
        .testTarget(name: "CascadeGTKTests", dependencies: ["CascadeGTK", "CGtk", "CascadeTestSupport"]),
        .testTarget(name: "CascadeAppTests", dependencies: ["CascadeTestSupport", "CascadePixbuf"]),
    ],
    swiftLanguageModes: [.v6]
)
