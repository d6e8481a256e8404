import Foundation
import PackagePlugin

/// Runs `embed-theme` over the repository's `layouts/` folder before `Layouts` compiles,
/// so the default theme is part of the binary rather than a folder that must ship beside it.
@main
struct EmbedTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let layouts = context.package.directoryURL.appending(path: "layouts")
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultTheme+Files.swift")
        let files = themeFiles(under: layouts)
        return [
            .buildCommand(
                displayName: "Embedding the default theme from layouts/",
                executable: try context.tool(named: "embed-theme").url,
                arguments: [layouts.path, output.path],
                inputFiles: files,
                outputFiles: [output]
            )
        ]
    }

    private func themeFiles(under root: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            return []
        }
        var files: [URL] = []
        for case let url as URL in walker {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                files.append(url)
            }
        }
        // Directories too, so that adding or removing a file re-runs the command.
        return files.sorted { $0.path < $1.path } + [root]
    }
}
