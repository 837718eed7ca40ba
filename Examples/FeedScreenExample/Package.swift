// swift-tools-version: 6.0
// A feed screen driven over a fake host: Cascade's core products only, no GTK, no network.
// Run it from the repository root with `swift run --package-path Examples/FeedScreenExample`.
import PackageDescription

let package = Package(
    name: "FeedScreenExample",
    dependencies: [.package(name: "Cascade", path: "../..")],
    targets: [
        .executableTarget(
            name: "FeedScreenExample",
            dependencies: [
                .product(name: "CascadeCollection", package: "Cascade"),
                .product(name: "CascadeFeed", package: "Cascade"),
                .product(name: "CascadeLayout", package: "Cascade"),
                .product(name: "CascadeScreens", package: "Cascade"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
