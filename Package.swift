// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "galley",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "galley", targets: ["galley"]),
        .library(name: "SiteCompiler", targets: ["SiteCompiler"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
    ],
    targets: [
        // C libraries, found through pkg-config; the shims hold nothing but the headers.
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        .systemLibrary(
            name: "CLibGit2",
            pkgConfig: "libgit2",
            providers: [.apt(["libgit2-dev"])]
        ),

        // System calls Swift cannot reach through Glibc (openat2, renameat2).
        .target(name: "CPlatform", path: "Sources/CPlatform"),

        // Turns the repository's `layouts/` folder into Swift source so the default theme
        // travels inside the binary.
        .executableTarget(name: "embed-theme", path: "Sources/embed-theme"),
        .plugin(
            name: "EmbedTheme",
            capability: .buildTool(),
            dependencies: ["embed-theme"],
            path: "Sources/EmbedTheme"
        ),

        .target(
            name: "SiteCompiler",
            dependencies: [
                "CCmarkGFM", "CPlatform",
                .product(name: "Yams", package: "Yams"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            plugins: ["EmbedTheme"]
        ),
        .target(name: "GitSource", dependencies: ["CLibGit2", "SiteCompiler"]),
        .target(
            name: "Previews",
            dependencies: [
                "SiteCompiler", "GitSource",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Subprocess", package: "swift-subprocess"),
            ]
        ),
        .executableTarget(
            name: "galley",
            dependencies: [
                "SiteCompiler", "GitSource", "Previews",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(
            name: "SiteCompilerTests",
            dependencies: [
                "SiteCompiler",
                // For tests that hold Galley's readings of YAML and layouts against the libraries' own.
                .product(name: "Yams", package: "Yams"),
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        .testTarget(name: "GitSourceTests", dependencies: ["GitSource", "CLibGit2", "SiteCompiler"]),
        .testTarget(name: "PreviewsTests", dependencies: ["Previews", "GitSource", "SiteCompiler"]),
        .testTarget(name: "galleyTests", dependencies: ["SiteCompiler", "Previews"]),
    ]
)
