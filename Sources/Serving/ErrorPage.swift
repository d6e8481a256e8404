import Diagnostics
import SiteCompiler
import Text

/// The page shown in place of every page of the site while the last build failed: each
/// problem with its file and line, as the terminal prints them. Open pages reload to it, and
/// reload again to the site once the files are fixed.
enum ErrorPage {
    static func html(for diagnostics: [Diagnostic]) -> String {
        let items = diagnostics.map { diagnostic in
            let place = diagnostic.line.map { "\(diagnostic.path):\($0)" } ?? diagnostic.path
            let excerpt = diagnostic.excerpt.map { "<pre>\(HTMLEscape.text($0.text))</pre>" } ?? ""
            return "<li><code>\(HTMLEscape.text(place))</code><p>\(HTMLEscape.text(diagnostic.message))</p>\(excerpt)</li>"
        }.joined(separator: "\n")
        let count = diagnostics.count == 1 ? "1 error" : "\(diagnostics.count) errors"
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Build failed: \(count)</title>
            <style>
            body { font: 16px/1.5 system-ui, sans-serif; max-width: 48rem; margin: 2rem auto; padding: 0 1rem; color: #1d1d1f; background: #fff; }
            h1 { font-size: 1.4rem; color: #b3261e; }
            li { margin: 1rem 0; } li p { margin: .25rem 0 0; white-space: pre-wrap; }
            pre { font: 14px/1.4 ui-monospace, monospace; background: #f3f3f3; padding: .5rem; border-radius: 3px; overflow-x: auto; }
            code { font: 14px/1.4 ui-monospace, monospace; background: #f3f3f3; padding: .1rem .3rem; border-radius: 3px; }
            @media (prefers-color-scheme: dark) { body { color: #e8e8e8; background: #1b1b1d; } code, pre { background: #2c2c2e; } h1 { color: #ff8a80; } }
            </style>
            </head>
            <body>
            <h1>The build failed: \(count)</h1>
            <p>The server keeps running; save a fix and this page reloads by itself.</p>
            <ol>
            \(items)
            </ol>
            \(LiveReload.tag)
            </body>
            </html>

            """
    }
}
