/// The Node.js program behind ``KaTeXTypesetter``, run with `node -e`: kept in the binary, as
/// the Pygments helper is, so that a copy of `galley` needs nothing beside it but Debian's
/// `katex` package.
///
/// It reads one batch on standard input, `[["x^2", false], …]` (the TeX and whether it is
/// display math), and writes one JSON object: `{"katex": "0.16.4", "answers": [{"mathml":
/// "…"}, {"error": "…"}, …]}`, or `{"error": "…"}` when it found no KaTeX.
///
/// Each formula gets settings of its own (a fresh macro table), so that what one formula
/// defines never changes another: each is cached alone. `trust: false` turns `\href`, `\url`,
/// `\includegraphics` and the `\html…` commands into plain red text, so no formula can make a
/// link, a class or a style; `maxExpand` and `maxSize` bound what a hostile formula costs.
/// `strict` is about faithfulness to LaTeX, not safety: "ignore" renders what MathJax would.
enum KaTeXScript {
    /// Bumped whenever what the script prints changes, so that cached results are made again.
    static let version = "1"

    /// Where KaTeX is looked for, in order: Node's own lookup of `katex` (which finds
    /// `/usr/share/nodejs` only in Debian's own build of Node), then where Debian's `katex` and
    /// `libjs-katex` put it.
    static let modules = ["katex", "/usr/share/nodejs/katex/dist/katex.js", "/usr/share/javascript/katex/katex.js"]

    static let source = #"""
"use strict";
let katex = null;
const tried = [];
for (const name of JSON.parse(process.argv[1])) {
  try { katex = require(name); break; } catch (error) { tried.push(name); }
}
const chunks = [];
process.stdin.on("data", (chunk) => chunks.push(chunk));
process.stdin.on("end", () => {
  if (katex === null) {
    process.stdout.write(JSON.stringify({ error: "no KaTeX found (looked for " + tried.join(", ") + ")" }) + "\n");
    return;
  }
  const formulas = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  const answers = formulas.map(([tex, display]) => {
    try {
      return { mathml: katex.renderToString(tex, {
        output: "mathml", displayMode: display, throwOnError: true, trust: false, strict: "ignore",
        maxExpand: 1000, maxSize: 100, macros: {}, globalGroup: false,
      }) };
    } catch (error) {
      // rawMessage lacks the underlined copy of the formula that message adds.
      return { error: String(error.rawMessage || error.message || error) };
    }
  });
  process.stdout.write(JSON.stringify({ katex: katex.version, answers }) + "\n");
});
"""#
}
