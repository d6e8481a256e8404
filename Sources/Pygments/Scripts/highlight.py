"""Galley's Pygments helper: highlights code blocks for a build, many blocks a batch.

Galley runs it as `python3 -I -c SOURCE` (the source is embedded in the binary at build time)
and speaks to it in frames on standard input and output: a frame is a 4-byte big-endian length
and that many bytes. Its first frame says which Pygments it found and its own process number
(`pygments 2.14.0 4242`), by which Galley can stop it at once, or why it found none (`error …`,
then it exits). Each frame it reads is a batch, blocks one after another, each a
length-prefixed language and a length-prefixed piece of code, all UTF-8. Each frame it writes
answers one batch: for each block a byte 1 followed by the length-prefixed HTML, or a byte 0
for a language Pygments does not know. It ends at the end of its input.

Most of Pygments' time on a blog's short blocks goes to trying a state's rules one by one, a
regular expression call each, until one matches. This joins each state's rules into one
alternation and finds the first that matches in a single call: the same tokens, in about two
thirds of the time; and it reads a lexer's tokens without the generator Pygments puts between
them and the caller. Given the argument `rule-by-rule`, it does neither: Pygments' own way.
"""
import os
import re
import struct
import sys

try:
    import pygments
    from pygments.lexer import Lexer, RegexLexer
    from pygments.lexers import get_lexer_by_name
    from pygments.token import STANDARD_TYPES, Error, Whitespace, _TokenType
    from pygments.util import ClassNotFound
except Exception as error:
    said = ("error " + str(error)).encode("utf-8")
    sys.stdout.buffer.write(struct.pack(">I", len(said)) + said)
    sys.stdout.buffer.flush()
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
    """(match, table): table[n] is what to do when group n, a rule's own, is the last matched:
    (the rule's match, its token kind or callback, its next state, whether the kind is a plain
    token kind), None for a group inside a rule."""
    flags, pieces, table, names = None, [], [None], set()
    for match, action, next_state in rules:
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
        table.append((match, action, next_state, type(action) is _TokenType))
        table.extend([None] * pattern.groups)
    try:
        return re.compile("|".join(pieces), flags).match, table
    except (re.error, RecursionError, OverflowError):
        return None


def joined_tokens(self, text, stack=("root",)):
    definitions = self._tokens
    states = list(stack)
    rules = definitions[states[-1]]
    way = joined(rules)
    position = 0
    end = len(text)
    while True:
        if way is None:
            group = 0
            for rule in rules:
                found = rule[0](text, position)
                if found:
                    match, action, next_state = rule
                    plain = type(action) is _TokenType
                    break
            else:
                found = None
        else:
            found = way[0](text, position)
            if found:
                # The group around a rule closes after any group inside it: it is the last matched.
                group = found.lastindex
                match, action, next_state, plain = way[1][group]
        if not found:
            if position >= end:
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
        if plain:
            yield position, action, found.group(group)
        elif action is not None:
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


FAST = "rule-by-rule" not in sys.argv[1:]
if FAST:
    # Every regex lexer, and those that build on one (Swift's, C's), finds tokens this way.
    RegexLexer.get_tokens_unprocessed = joined_tokens


def lexer_for(language):
    """The lexer for `language` and whether its tokens may be taken as ``tokens`` takes them,
    or (None, False) for a language Pygments does not know."""
    language = language.lower()
    if language not in lexers:
        try:
            lexer = get_lexer_by_name(ALIASES.get(language, language), stripnl=False, ensurenl=False)
        except ClassNotFound:
            lexers[language] = (None, False)
        else:
            # Pygments' get_tokens makes the text ready as below and drops each token's offset
            # in a generator of its own, a call a token: a lexer that does only that is read
            # without it, unless tokens are found rule by rule (as Pygments itself does all of it).
            direct = (FAST and type(lexer).get_tokens is Lexer.get_tokens and not lexer.filters
                      and not (lexer.stripall or lexer.stripnl or lexer.ensurenl or lexer.tabsize > 0))
            lexers[language] = (lexer, direct)
    return lexers[language]


def tokens(lexer, direct, code):
    """(offset, kind, text) for each token of `code`, as `lexer.get_tokens(code)` gives them
    (with no offset to rely on when not `direct`)."""
    if not direct:
        return ((0, kind, value) for kind, value in lexer.get_tokens(code))
    if code.startswith("\ufeff"):
        code = code[1:]
    if "\r" in code:
        code = code.replace("\r\n", "\n").replace("\r", "\n")
    return lexer.get_tokens_unprocessed(code)


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
    # Quotes as cmark escapes them in plain code: what the build does to the page's attributes
    # afterwards (links put under the base URL's path, footnotes' ids renamed) finds a quote in
    # the code no more than in text. U+E000 is how Galley marks headings in cmark's HTML: code
    # may not hold one as it is.
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
            .replace("\ue000", "&#xe000;"))


def highlight(language, code):
    lexer, direct = lexer_for(language)
    if lexer is None:
        return None
    names, texts = [], []
    known = classes.get
    last = None
    # Tokens of one class in a row share a span.
    for _, kind, value in tokens(lexer, direct, code):
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


def send(payload):
    out.write(struct.pack(">I", len(payload)) + payload)
    out.flush()


def blocks_in(batch):
    position = 0
    while position < len(batch):
        (size,) = struct.unpack_from(">I", batch, position)
        language = batch[position + 4:position + 4 + size].decode("utf-8")
        position += 4 + size
        (size,) = struct.unpack_from(">I", batch, position)
        code = batch[position + 4:position + 4 + size].decode("utf-8")
        position += 4 + size
        yield language, code


def answers_to(batch):
    parts = []
    for language, code in blocks_in(batch):
        html = answer(language, code)
        if html is None:
            parts.append(b"\0")
        else:
            encoded = html.encode("utf-8")
            parts.append(b"\1" + struct.pack(">I", len(encoded)) + encoded)
    return b"".join(parts)


source = sys.stdin.buffer
out = sys.stdout.buffer
send(("pygments " + pygments.__version__ + " " + str(os.getpid())).encode("utf-8"))
while True:
    head = source.read(4)
    if len(head) < 4:
        break
    (length,) = struct.unpack(">I", head)
    batch = source.read(length)
    if len(batch) < length:
        break
    send(answers_to(batch))
