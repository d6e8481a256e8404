import Foundation

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

    /// `html` with the script tag before its last `</body>`, or at its end when it has none;
    /// `banner` (the warnings, ``WarningBanner``), when there is one, goes just before the tag.
    static func inject(into html: Data, banner: String = "") -> Data {
        let closing = Array("</body>".utf8)
        let added = (banner.isEmpty ? "" : banner + "\n") + tag
        var result = Data(capacity: html.count + added.utf8.count + 1)
        guard let at = lastIndex(of: closing, in: html) else {
            result.append(html)
            result.append(contentsOf: Array(("\n" + added + "\n").utf8))
            return result
        }
        result.append(html[html.startIndex..<at])
        result.append(contentsOf: Array((added + "\n").utf8))
        result.append(html[at...])
        return result
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// Where the last `needle` (in lower case) in `data` starts, ignoring ASCII case.
    private static func lastIndex(of needle: [UInt8], in data: Data) -> Data.Index? {
        guard data.count >= needle.count else { return nil }
        var start = data.endIndex - needle.count
        while start >= data.startIndex {
            var matches = true
            for (offset, byte) in needle.enumerated() where lowered(data[start + offset]) != byte {
                matches = false
                break
            }
            if matches { return start }
            start -= 1
        }
        return nil
    }

    /// The script: it listens for `reload` (load the page again), `css` (swap the stylesheets
    /// named, keeping the page and its scroll position) and `hello` (the build the server has;
    /// a different one after a reconnect means the page missed a change). It also lets the
    /// warnings banner be dismissed, for this tab, until the warnings change.
    static let script = """
        (() => {
          const banner = document.getElementById("\(WarningBanner.id)");
          if (banner) {
            const key = "galley-dismissed-warnings";
            if (sessionStorage.getItem(key) === banner.dataset.digest) banner.remove();
            banner.querySelector("button")?.addEventListener("click", () => {
              sessionStorage.setItem(key, banner.dataset.digest);
              banner.remove();
            });
          }
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
              // The event names paths decoded, as the site's files are named.
              if (url.origin !== location.origin || !message.paths.includes(decodeURIComponent(url.pathname))) continue;
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
