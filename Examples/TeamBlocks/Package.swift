// swift-tools-version: 6.0
import PackageDescription

// A team's own package: its blocks, its rules and its audit, depending on a11y-audit by path
// (a team outside this repository writes `.package(url: "…/a11y-audit.git", from: "…")`).
let package = Package(
    name: "TeamBlocks",
    products: [
        .library(name: "TeamBlocks", targets: ["TeamBlocks"]),
        .executable(name: "team-audit", targets: ["team-audit"]),
    ],
    dependencies: [
        .package(name: "a11y-audit", path: "../.."),
    ],
    targets: [
        // The blocks: written with the model kit only, so an app could import them too.
        .target(name: "TeamBlocks", dependencies: [
            .product(name: "AccessibilityModel", package: "a11y-audit"),
            .product(name: "ModelKit", package: "a11y-audit"),
        ]),
        // The whole a11y-audit command line over the built-in blocks and the team's.
        .executableTarget(name: "team-audit", dependencies: [
            "TeamBlocks",
            .product(name: "Auditor", package: "a11y-audit"),
            .product(name: "BlockModels", package: "a11y-audit"),
        ]),
        .testTarget(name: "TeamBlocksTests", dependencies: [
            "TeamBlocks",
            .product(name: "Auditor", package: "a11y-audit"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
