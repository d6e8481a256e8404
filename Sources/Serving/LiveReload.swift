/// The script `galley serve` adds to the pages it serves (never to a build's output), and the
/// events it listens for.
///
/// Server-sent events rather than a websocket: one long GET that browsers reconnect by
/// themselves, which is all a one-way "something changed" needs.
enum LiveReload {
    /// Where Galley's own files are served; no blog file is looked up below it.
    static let prefix = "/__galley/"
    static let eventsPath = prefix + "events"
    static let scriptPath = prefix + "live.js"

    /// The tag put before `</body>`.
    static let tag = "<script src=\"\(scriptPath)\" defer></script>"

    /// `html` with the script tag before its last `</body>`, or at its end when it has none.
    static func inject(into html: String) -> String {
        guard let range = html.range(of: "</body>", options: [.backwards, .caseInsensitive]) else { return html + "\n" + tag + "\n" }
        return html.replacingCharacters(in: range, with: tag + "\n</body>")
    }

    /// The script: it listens for `reload` (load the page again), `css` (swap the stylesheets
    /// named, keeping the page and its scroll position) and `hello` (the build the server has;
    /// a different one after a reconnect means the page missed a change).
    static let script = """
        (() => {
          const source = new EventSource("\(eventsPath)");
          let build = null;
          source.addEventListener("hello", (event) => {
            if (build !== null && build !== event.data) location.reload();
            build = event.data;
          });
          source.addEventListener("reload", (event) => { build = event.data; location.reload(); });
          source.addEventListener("css", (event) => {
            const message = JSON.parse(event.data);
            build = message.build;
            for (const link of document.querySelectorAll('link[rel~="stylesheet"]')) {
              const url = new URL(link.href, location.href);
              if (url.origin !== location.origin || !message.paths.includes(url.pathname)) continue;
              const fresh = link.cloneNode();
              url.searchParams.set("galley", message.build);
              fresh.href = url.href;
              fresh.addEventListener("load", () => link.remove());
              link.after(fresh);
            }
          });
        })();

        """
}
