/// The Python program behind ``PygmentsHighlighter``, run with `python3 -I -c`: kept in the
/// binary, as the theme is, so that a copy of `galley` needs nothing beside it.
///
/// It speaks JSON lines on standard input and output. Its first line says which Pygments it
/// found (`{"pygments": "2.14.0"}`) or why it found none (`{"error": "…"}`, then it exits).
/// Then each line it reads is a batch, `[["swift", "let a = 1\n"], …]`, and each line it writes
/// the answer, `["<span class=\"kd\">let</span> …", null, …]`: null for a language Pygments
/// does not know. It ends at the end of its input.
enum PygmentsScript {
    /// Bumped whenever what the script prints changes, so that cached results are made again.
    static let version = "1"

    static let source = #"""
import json
import sys

try:
    import pygments
    from pygments.lexers import get_lexer_by_name
    from pygments.token import STANDARD_TYPES
    from pygments.util import ClassNotFound
except Exception as error:
    sys.stdout.write(json.dumps({"error": str(error)}) + "\n")
    sys.stdout.flush()
    sys.exit(0)

# Names posts use that Pygments 2.14 does not know by that name.
ALIASES = {
    "h": "c", "hpp": "cpp", "cc": "cpp", "cxx": "cpp", "m": "objective-c", "mm": "objective-c++",
    "kt": "kotlin", "kts": "kotlin", "yml": "yaml", "patch": "diff", "jsx": "javascript",
    "tsx": "typescript", "mjs": "javascript", "cjs": "javascript", "plaintext": "text", "txt": "text",
    "ps1": "powershell", "dockerfile": "docker", "htm": "html", "jsonc": "json",
}
lexers = {}
classes = {}


def lexer_for(language):
    language = language.lower()
    if language not in lexers:
        try:
            lexers[language] = get_lexer_by_name(ALIASES.get(language, language), stripnl=False, ensurenl=False)
        except ClassNotFound:
            lexers[language] = None
    return lexers[language]


def css_class(kind):
    # A token kind that is not a standard one takes its nearest standard parent's class, as
    # Pygments' own HtmlFormatter does.
    name = classes.get(kind)
    if name is None:
        parent = kind
        while parent not in STANDARD_TYPES:
            parent = parent.parent
        name = classes[kind] = STANDARD_TYPES[parent]
    return name


def escape(text):
    # U+E000 is how Galley marks headings in cmark's HTML: code may not hold one as it is.
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace("\ue000", "&#xe000;"))


def highlight(language, code):
    lexer = lexer_for(language)
    if lexer is None:
        return None
    parts = []
    last, run = None, []

    def close():
        text = escape("".join(run))
        # Whitespace and plain text need no span: fewer bytes on every page.
        parts.append(text if last in ("", "w") else '<span class="%s">%s</span>' % (last, text))

    for kind, value in lexer.get_tokens(code):
        name = css_class(kind)
        if name != last and run:
            close()
            run = []
        last = name
        run.append(value)
    if run:
        close()
    return "".join(parts)


def answer(language, code):
    try:
        return highlight(language, code)
    except Exception:
        # A lexer that fails on one block leaves that block plain, never the build.
        return None


sys.stdout.write(json.dumps({"pygments": pygments.__version__}) + "\n")
sys.stdout.flush()
for line in sys.stdin.buffer:
    blocks = json.loads(line)
    sys.stdout.write(json.dumps([answer(language, code) for language, code in blocks]) + "\n")
    sys.stdout.flush()
"""#
}
