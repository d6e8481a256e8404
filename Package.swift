// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "galley",
    // Galley builds and runs on Linux only: writing below an open folder and swapping the output
    // in one step need calls only Linux has. A `platforms` entry could only name Apple systems,
    // so there is none; FileSystem's Platform.swift holds every such call and stops a build on
    // any other system, so that a port starts there.
    products: [
        .executable(name: "galley", targets: ["galley"]),
        .library(name: "SiteCompiler", targets: ["SiteCompiler"]),
        .library(name: "SiteSource", targets: ["SiteSource"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // Without its default traits: Galley reads no swift-configuration settings, and that
        // package would only lengthen every clean build.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        // Hummingbird's own foundation, named so that the servers can add one handler of their
        // own before Hummingbird's HTTP/1 codec (``HTTP1Semantics``); spelt as Hummingbird spells
        // them, so they resolve to the same checkouts.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.30.0"),
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
        // OpenSSL 3's libcrypto, which libgit2 loads already, for SHA-256.
        .systemLibrary(
            name: "CLibCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),

        // cmark-gfm's extension characters switched on once for the process, so that parsers
        // can parse their inlines on several threads at once.
        .target(name: "CCmarkCharacters", dependencies: ["CCmarkGFM"]),
        // System calls Swift cannot reach through Glibc (openat2, renameat2).
        .target(name: "CPlatform", path: "Sources/CPlatform"),
        // Raw file I/O with one error type, and every Linux-only call: the bottom layer, which
        // the source trees and the compiler share without needing each other.
        // The one pool of threads for blocking work, and the executor for helper programs' tasks.
        .target(name: "Blocking"),
        // What every error a command can end with says: its place, its message, its exit status.
        .target(name: "Failures"),
        .target(name: "FileSystem", dependencies: ["CPlatform", "Blocking", "Failures"]),
        // SHA-256 and HMAC-SHA256 over the system's libcrypto: fingerprints, cache keys, labels
        // and webhook signatures.
        .target(name: "Digests", dependencies: ["CLibCrypto"]),
        // The one binary form of every cache file Galley keeps: versioned by a format line,
        // ended by a checksum, replaced whole.
        .target(name: "CacheFiles", dependencies: ["FileSystem", "Digests"]),

        // Turns the repository's `layouts/` folder into Swift source so the default theme
        // travels inside the binary.
        .executableTarget(name: "embed-theme", path: "Sources/embed-theme"),
        .plugin(
            name: "EmbedTheme",
            capability: .buildTool(),
            dependencies: ["embed-theme"],
            path: "Plugins/EmbedTheme"
        ),

        // The blog's files as a build reads them, apart from the compiler so that anything that
        // only supplies or reads a blog (a git commit, a dev server) can do without it.
        .target(
            name: "SiteSource",
            dependencies: ["FileSystem", "Digests", "Blocking"]
        ),
        // Code highlighting: the protocol the compiler asks, apart from Pygments, which `galley`
        // and the watcher plug in, run as a helper process through swift-subprocess.
        .target(name: "Highlighting"),
        .target(
            name: "Pygments",
            dependencies: ["Highlighting", "Blocking", "FileSystem", "CPlatform", .product(name: "Subprocess", package: "swift-subprocess")],
            // The helpers are Python files, so Python's own tools can read and run them, built into
            // the binary as the theme is: a copy of galley needs nothing beside it.
            resources: [.embedInCode("Scripts/highlight.py"), .embedInCode("Scripts/emoji.py")]
        ),
        // Math typesetting: the protocol the compiler asks, apart from KaTeX, which `galley` and
        // the watcher plug in, run by Node.js through swift-subprocess.
        .target(name: "Typesetting"),
        .target(
            name: "KaTeX",
            dependencies: ["Typesetting", "Blocking", "FileSystem", .product(name: "Subprocess", package: "swift-subprocess")]
        ),
        // Text rules with no opinion about blogs: escaping, slugs, heading ids, searching bytes.
        .target(name: "Text", dependencies: ["FileSystem"]),
        // What a build says about a file and line, and the limits it holds input to.
        .target(name: "Diagnostics", dependencies: ["Text"]),
        // Dates as front matter writes them, and the patterns a layout formats them with.
        .target(name: "Dates", dependencies: ["Text"]),
        // The readers of front matter and settings files (YAML, TOML, JSON), which the compiler
        // and the importer share.
        .target(
            name: "FrontMatter",
            dependencies: [
                "Diagnostics", "Dates", "Text",
                .product(name: "Yams", package: "Yams"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),
        // What a layout names and includes, read from its Mustache text: the checks of a theme
        // and the names each page depends on.
        .target(name: "LayoutScanning", dependencies: ["Diagnostics", "Text"]),
        // Markdown to HTML with cmark-gfm, and the code highlighting and math spans it hands on.
        .target(
            name: "Markdown",
            dependencies: [
                "CCmarkGFM", "CCmarkCharacters", "Highlighting", "Typesetting", "Blocking", "Text", "Diagnostics", "Digests", "CacheFiles",
            ]
        ),
        // Jekyll's Liquid tags and Hugo's shortcodes in posts, run before Markdown.
        .target(name: "Shortcodes", dependencies: ["Markdown", "Diagnostics", "FrontMatter", "Text"]),
        // A blog as a build reads it: galley.yml, posts and pages with their bodies rendered,
        // pictures' sizes, math; and the helpers every phase of a build uses.
        .target(
            name: "SiteContent",
            dependencies: [
                "FileSystem", "SiteSource", "Highlighting", "Typesetting", "Blocking", "Text", "Diagnostics", "Dates",
                "FrontMatter", "Digests", "CacheFiles", "Markdown", "Shortcodes",
            ]
        ),
        // The theme and what its layouts see, and the stencils that render a page shape once.
        .target(
            name: "Layouts",
            dependencies: [
                "SiteContent", "SiteSource", "Shortcodes", "LayoutScanning", "Blocking", "Text", "Diagnostics", "Dates",
                "FrontMatter", "Digests", "FileSystem",
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            plugins: ["EmbedTheme"]
        ),
        .target(
            name: "SiteCompiler",
            dependencies: [
                "SiteContent", "Layouts", "FileSystem", "SiteSource", "Highlighting", "Typesetting", "Blocking",
                "Text", "Diagnostics", "Dates", "FrontMatter", "LayoutScanning", "Digests", "CacheFiles", "Markdown", "Shortcodes",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        .target(name: "GitSource", dependencies: ["CLibGit2", "FileSystem", "SiteSource", "Blocking"]),
        // `galley import`: a Jekyll, Hugo or Zola site folder turned into a Galley blog folder.
        .target(
            name: "SiteImport",
            dependencies: ["FileSystem", "SiteSource", "SiteCompiler", "FrontMatter", "Text", "Diagnostics", .product(name: "Yams", package: "Yams")]
        ),
        .target(
            name: "Previews",
            dependencies: [
                "SiteCompiler", "SiteSource", "GitSource", "Blocking", "FileSystem", "Digests", "Diagnostics", "Text",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Subprocess", package: "swift-subprocess"),
            ]
        ),
        // `galley serve`: the blog built into memory, served over HTTP, rebuilt on each save, and
        // the open pages told to reload.
        .target(
            name: "Serving",
            dependencies: [
                "FileSystem", "SiteSource", "SiteCompiler", "Highlighting", "Typesetting", "Blocking", "Previews", "Text",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                "Digests",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `galley server-config`: Apache and nginx configurations equal to `galley host`.
        .target(name: "ServerConfigs", dependencies: ["Failures"]),
        .executableTarget(
            name: "galley",
            dependencies: [
                "FileSystem", "SiteSource", "SiteCompiler", "GitSource", "Previews", "SiteImport", "Serving", "Pygments", "KaTeX", "Blocking", "ServerConfigs",
                "Failures",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // What the compiler's tests share: a blog in a temporary folder built as `galley build`
        // builds it, a sandbox with files outside the blog, and the programs tests may look for.
        .target(name: "SiteTestSupport", dependencies: [
            "SiteCompiler", "SiteContent", "SiteSource", "FileSystem", "Highlighting", "Dates", "Diagnostics", "TestThreads",
        ], path: "Tests/SiteTestSupport"),
        // The compiler's tests, with those of SiteContent and Layouts in modules of their own as
        // the sources are: each test module is type-checked in one job, and the 7,800 lines in one
        // were the tests' build's longest job (75 s of 125-150 s on two cores).
        .testTarget(
            name: "SiteCompilerTests",
            dependencies: [
                "SiteCompiler", "SiteContent", "SiteSource", "Layouts", "LayoutScanning", "Markdown", "Shortcodes", "FrontMatter",
                "Highlighting", "Pygments", "Typesetting", "KaTeX", "FileSystem", "Blocking", "Dates", "Diagnostics", "Digests",
                "Text", "SiteTestSupport", "TestThreads",
            ]
        ),
        .testTarget(
            name: "SiteContentTests",
            dependencies: [
                "SiteCompiler", "SiteContent", "SiteSource", "FrontMatter", "Highlighting", "Blocking", "Dates", "Diagnostics",
                "Digests", "SiteTestSupport", "TestThreads",
                // For tests that hold Galley's reading of YAML against the library's own.
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .testTarget(
            name: "LayoutsTests",
            dependencies: ["SiteCompiler", "Layouts", "SiteContent", "SiteSource", "Blocking", "Diagnostics", "Digests", "SiteTestSupport"]
        ),
        .testTarget(name: "TextTests", dependencies: ["Text"]),
        .testTarget(name: "DatesTests", dependencies: ["Dates"]),
        .testTarget(name: "FrontMatterTests", dependencies: ["FrontMatter", "Diagnostics", .product(name: "Yams", package: "Yams")]),
        // swift-mustache's own parser, to hold the scan to it.
        .testTarget(name: "LayoutScanningTests", dependencies: [
            "LayoutScanning", "Diagnostics", .product(name: "Mustache", package: "swift-mustache"),
        ]),
        .testTarget(name: "FileSystemTests", dependencies: ["FileSystem", "Blocking", "Failures", "TestThreads"]),
        // The trait that runs a test on BlockingPool, away from the threads async tests share;
        // and a wait for a program the tests started that keeps no core busy meanwhile.
        .target(name: "TestThreads", dependencies: ["Blocking"], path: "Tests/TestThreads"),
        .testTarget(name: "BlockingTests", dependencies: ["Blocking", "TestThreads"]),
        .testTarget(name: "PygmentsTests", dependencies: ["Pygments", "Highlighting", "TestThreads"]),
        .testTarget(name: "KaTeXTests", dependencies: ["KaTeX", "Typesetting", "Blocking"]),
        .testTarget(name: "SiteSourceTests", dependencies: ["SiteSource"]),
        .testTarget(name: "GitSourceTests", dependencies: ["GitSource", "CLibGit2", "SiteSource", "SiteCompiler", "Diagnostics", "TestThreads"]),
        // Servers for tests on loopback: a forge's status API, for the tests of commit statuses here
        // and end to end, and a real sshd, for deploys over ssh.
        .target(name: "FakeForge", dependencies: [
            "Blocking", "TestThreads", .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ], path: "Tests/FakeForge"),
        .testTarget(name: "PreviewsTests", dependencies: [
            "Previews", "GitSource", "SiteSource", "SiteCompiler", "Blocking", "FakeForge", "Digests", "TestThreads",
        ]),
        // read-output.py is run by the tests, with Debian's python3 and feedparser.
        .testTarget(
            name: "galleyTests", dependencies: ["SiteCompiler", "Previews", "Blocking", "FakeForge", "Digests", "TestThreads"],
            exclude: ["Support/read-output.py"]
        ),
        .testTarget(name: "DigestsTests", dependencies: ["Digests", "TestThreads"]),
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown", "Highlighting", "Digests", "Text"]),
        .testTarget(name: "ShortcodesTests", dependencies: ["Shortcodes", "Markdown"]),
        .testTarget(name: "CacheFilesTests", dependencies: ["CacheFiles", "FileSystem", "Digests"]),
        .testTarget(name: "ServerConfigsTests", dependencies: ["ServerConfigs"]),
        .testTarget(name: "ServingTests", dependencies: ["Serving", "SiteCompiler", "SiteSource", "Highlighting", "Blocking", "Previews",
                                                         "FakeForge", .product(name: "NIOPosix", package: "swift-nio"), "TestThreads"]),
        .testTarget(name: "SiteImportTests", dependencies: ["SiteImport", "SiteCompiler", "SiteSource", "FileSystem", "TestThreads"]),
    ]
)

// scripts/test builds the tests beside the optimized build that ships, so that the modules
// compile once for both. The tests themselves need no optimizing: built without it, each test
// module still in one go, they compiled in 90 s on two cores, against 172 s optimized and 135 s
// file by file (most of it is expanding and checking some 3,600 #expect macros).
for target in package.targets where target.type == .test {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-Onone"], .when(configuration: .release))]
}

// The tests import Galley's own modules with @testable, so those are built for testing in the
// optimized build too (scripts/test builds the tests beside it); the packages Galley uses are
// not, so their internal names stay internal and the optimizer may drop or inline them. A debug
// build makes every module testable already.
for target in package.targets where target.type == .regular {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-enable-testing"], .when(configuration: .release))]
}
