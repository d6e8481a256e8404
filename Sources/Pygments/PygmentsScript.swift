/// The Python program behind ``PygmentsHighlighter``, run with `python3 -I -c`: kept in the
/// binary, as the theme is, so that a copy of `galley` needs nothing beside it.
///
/// It speaks JSON lines on standard input and output. Its first line says which Pygments it
/// found (`{"pygments": "2.14.0"}`) or why it found none (`{"error": "…"}`, then it exits).
/// Then each line it reads is a batch, `[["swift", "let a = 1\n"], …]`, and each line it writes
/// the answer, `["<span class=\"kd\">let</span> …", null, …]`: null for a language Pygments
/// does not know. It ends at the end of its input.
///
/// Most of Pygments' time on a blog's short blocks goes to trying a state's rules one by one,
/// a regular expression call each, until one matches. The script joins each state's rules
/// into one alternation and finds the first that matches in a single call: the same tokens
/// (a test compares the two ways on every language Galley promises), in about two thirds of
/// the time. Given the argument `rule-by-rule`, it keeps Pygments' own way.
enum PygmentsScript {
    /// Bumped whenever what the script prints changes, so that cached results are made again.
    static let version = "1"

    static let source = #"""
import json
import re
import sys

try:
    import pygments
    from pygments.lexer import RegexLexer
    from pygments.lexers import get_lexer_by_name
    from pygments.token import STANDARD_TYPES, Error, Whitespace, _TokenType
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

# A state's rules as one alternation, by the identity of the state's rule list (kept alive
# beside it): (match, rule by group number), or None for a state that must be tried rule by
# rule. Rules are joined only when nothing in one can see the others: the same flags, no
# backreference or conditional group (its group number would move), no flag group that must
# start a pattern.
joined_states = {}
UNJOINABLE = re.compile(r"\\[1-9]|\(\?P=|\(\?\(|\(\?[aiLmsux-]+\)")


def joined(rules):
    entry = joined_states.get(id(rules))
    if entry is None:
        entry = joined_states[id(rules)] = (rules, join(rules))
    return entry[1]


def join(rules):
    flags, pieces, rule_by_group, group, names = None, [], {}, 1, set()
    for index, (match, _, _) in enumerate(rules):
        pattern = getattr(match, "__self__", None)
        if not isinstance(pattern, re.Pattern) or not isinstance(pattern.pattern, str):
            return None
        if flags is None:
            flags = pattern.flags
        if pattern.flags != flags or UNJOINABLE.search(pattern.pattern) or names.intersection(pattern.groupindex):
            return None
        names.update(pattern.groupindex)
        # A verbose pattern may end in a comment, which would swallow the closing parenthesis.
        pieces.append("(" + pattern.pattern + ("\n)" if flags & re.VERBOSE else ")"))
        rule_by_group[group] = index
        group += 1 + pattern.groups
    try:
        return re.compile("|".join(pieces), flags).match, rule_by_group
    except (re.error, RecursionError, OverflowError):
        return None


def joined_tokens(self, text, stack=("root",)):
    definitions = self._tokens
    states = list(stack)
    rules = definitions[states[-1]]
    way = joined(rules)
    position = 0
    while True:
        if way is None:
            group = 0
            for rule in rules:
                found = rule[0](text, position)
                if found:
                    break
            else:
                found = None
        else:
            found = way[0](text, position)
            if found:
                # The group around a rule closes after any group inside it: it is the last matched.
                group = found.lastindex
                rule = rules[way[1][group]]
        if not found:
            if position >= len(text):
                return
            if text[position] == "\n":
                # No rule takes the end of a line: the next line starts afresh.
                states = ["root"]
                rules = definitions["root"]
                way = joined(rules)
                yield position, Whitespace, "\n"
            else:
                yield position, Error, text[position]
            position += 1
            continue
        match, action, next_state = rule
        if action is not None:
            if type(action) is _TokenType:
                yield position, action, found.group(group)
            else:
                # A callback reads the rule's own groups: it gets the rule's match alone.
                yield from action(self, match(text, position) if group else found)
        position = found.end(group)
        if next_state is None:
            continue
        if isinstance(next_state, tuple):
            for state in next_state:
                if state == "#pop":
                    if len(states) > 1:
                        states.pop()
                elif state == "#push":
                    states.append(states[-1])
                else:
                    states.append(state)
        elif isinstance(next_state, int):
            if abs(next_state) >= len(states):
                del states[1:]
            else:
                del states[next_state:]
        elif next_state == "#push":
            states.append(states[-1])
        rules = definitions[states[-1]]
        way = joined(rules)


if "rule-by-rule" not in sys.argv[1:]:
    # Every regex lexer, and those that build on one (Swift's, C's), finds tokens this way.
    RegexLexer.get_tokens_unprocessed = joined_tokens


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
    names, texts = [], []
    known = classes.get
    last = None
    # Tokens of one class in a row share a span.
    for kind, value in lexer.get_tokens(code):
        name = known(kind)
        if name is None:
            name = css_class(kind)
        if name == last:
            texts[-1] += value
        else:
            names.append(name)
            texts.append(value)
            last = name
    # Escaped all at once, between separators code cannot hold (cmark turns NUL into U+FFFD),
    # rather than a call for each token.
    if "\0" in code:
        texts = [escape(text) for text in texts]
    else:
        texts = escape("\0".join(texts)).split("\0")
    # Whitespace and plain text need no span: fewer bytes on every page.
    return "".join([text if name == "" or name == "w" else '<span class="' + name + '">' + text + "</span>"
                    for name, text in zip(names, texts)])


def answer(language, code):
    try:
        return highlight(language, code)
    except Exception:
        # A lexer that fails on one block leaves that block plain, never the build.
        return None


sys.stdout.write(json.dumps({"pygments": pygments.__version__}) + "\n")
sys.stdout.flush()
out = sys.stdout.buffer
for line in sys.stdin.buffer:
    blocks = json.loads(line)
    # UTF-8 as it is rather than \u escapes: fewer bytes, and Galley copies them straight.
    out.write(json.dumps([answer(language, code) for language, code in blocks], ensure_ascii=False).encode("utf-8") + b"\n")
    out.flush()
"""#
}
