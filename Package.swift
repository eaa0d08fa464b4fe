// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "a11y-audit",
    products: [
        .executable(name: "a11y-audit", targets: ["a11y-audit"]),
        .library(name: "AccessibilityModel", targets: ["AccessibilityModel"]),
        .library(name: "ModelKit", targets: ["ModelKit"]),
        .library(name: "BlockModels", targets: ["BlockModels"]),
        .library(name: "Auditor", targets: ["Auditor"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(name: "AccessibilityModel"),
        .target(name: "ModelKit", dependencies: ["AccessibilityModel"]),
        .target(name: "BlockModels", dependencies: ["AccessibilityModel", "ModelKit"]),
        .target(name: "XMLSupport", dependencies: ["CLibXML2"]),
        .target(name: "Auditor", dependencies: ["AccessibilityModel", "XMLSupport"]),
        .executableTarget(name: "a11y-audit", dependencies: ["Auditor", "BlockModels"]),
        // Links the model layer without Foundation: its build is the proof, its output a smoke test.
        .executableTarget(name: "KitLinkCheck", dependencies: ["AccessibilityModel", "ModelKit", "BlockModels"],
                          path: "Tests/KitLinkCheck"),
        .testTarget(name: "AccessibilityModelTests", dependencies: ["AccessibilityModel"]),
        .testTarget(name: "ModelKitTests", dependencies: ["ModelKit", "AccessibilityModel"]),
        .testTarget(name: "BlockModelsTests", dependencies: ["BlockModels", "ModelKit"]),
        .testTarget(name: "XMLSupportTests", dependencies: ["XMLSupport"]),
        .testTarget(name: "AuditorTests", dependencies: ["Auditor", "BlockModels", "a11y-audit", "XMLSupport"], exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)
