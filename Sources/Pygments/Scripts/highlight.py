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
them and the caller. An alternation still tries its rules in turn, most of which cannot begin
with the character at hand (a keyword list at a space): so each character gets the alternation
of only the rules that can, another third off. Given the argument `rule-by-rule`, it does none
of this: Pygments' own way.
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

# A state's rules as alternations, by the identity of the state's rule list (kept alive
# beside it): a ``Ways`` or None for a state that must be tried rule by rule. Rules are joined
# only when nothing in one can see the others: the same flags, no backreference or conditional
# group (its group number would move), no flag group that must start a pattern.
joined_states = {}
UNJOINABLE = re.compile(r"\\[1-9]|\(\?P=|\(\?\(|\(\?[aiLmsux-]+\)")


def joined(rules):
    entry = joined_states.get(id(rules))
    if entry is None:
        entry = joined_states[id(rules)] = (rules, Ways.of(rules))
    return entry[1]


# Python's own parser and compiler of regular expressions, through which the alternations are
# made from each rule's pattern parsed once (parsing is most of compiling, and a state has many
# alternations). Without them (another Python), each state has its one alternation.
try:
    from re import _compiler as sre_compiler, _constants as sre, _parser as sre_parse
    REPEATS = {sre.MAX_REPEAT, sre.MIN_REPEAT, getattr(sre, "POSSESSIVE_REPEAT", sre.MAX_REPEAT)}
except ImportError:
    sre_compiler = sre = sre_parse = None
NON_ASCII, END = 128, 129
EVERY = frozenset(range(128))
NOWHERE = (lambda text, position: None, [None])
categories = {}
# Each pattern's parse, by its text and flags: kept as Pygments compiles a lexer's rules, the
# first time the lexer is made, so that they are not parsed a second time here. The helper is a
# process of its own, and Python's compiler only reads a parse.
parsed_patterns = {}
if sre_parse is not None:
    parse_once = sre_parse.parse

    def parse_kept(*arguments, **options):
        tree = parse_once(*arguments, **options)
        if len(arguments) == 2 and not options and isinstance(arguments[0], str):
            parsed_patterns[(arguments[0], arguments[1] | tree.state.flags)] = tree
        return tree

    sre_parse.parse = parse_kept


class Ways:
    """A state's alternations: ``at[code]`` is (match, rule by group number) for the rules that
    can begin a match at a character of that code (0 to 127), ``at[NON_ASCII]`` for every rule
    (a character past ASCII), ``at[END]`` for those that can match nothing (the end of the
    text); each made when first needed, None until then. A rule left out cannot match there, so
    the first that matches is the one the whole alternation would find."""

    __slots__ = ("at", "rules", "flags", "starts", "made")

    @staticmethod
    def of(rules):
        flags = joinable(rules)
        if flags is None:
            return None
        ways = Ways()
        ways.at, ways.rules, ways.flags = [None] * 130, rules, flags
        try:
            whole = compiled(rules, flags)
            ways.starts = [first_characters(parsed(rule[0].__self__)) for rule in rules]
        except Exception:
            # Joined as a string, the way every character takes.
            whole = join(rules)
            if whole is None:
                return None
            ways.at = [whole] * 130
            return ways
        ways.made = {tuple(range(len(rules))): whole}
        return ways

    def way(self, code):
        if code == NON_ASCII:
            chosen = tuple(range(len(self.rules)))
        else:
            chosen = tuple(index for index, (characters, empty) in enumerate(self.starts)
                           if empty or (code != END and code in characters))
        way = self.made.get(chosen)
        if way is None:
            try:
                way = compiled([self.rules[index] for index in chosen], self.flags) if chosen else NOWHERE
            except Exception:
                # Every rule: the first that matches is still the one.
                way = self.made[tuple(range(len(self.rules)))]
            self.made[chosen] = way
        self.at[code] = way
        return way


def joinable(rules):
    """The flags `rules` share, when they can be joined into one alternation; else None."""
    flags, names = None, set()
    for match, _, _ in rules:
        pattern = getattr(match, "__self__", None)
        if not isinstance(pattern, re.Pattern) or not isinstance(pattern.pattern, str):
            return None
        if flags is None:
            flags = pattern.flags
        if pattern.flags != flags or UNJOINABLE.search(pattern.pattern) or names.intersection(pattern.groupindex):
            return None
        names.update(pattern.groupindex)
    return flags


def parsed(pattern):
    key = (pattern.pattern, pattern.flags)
    tree = parsed_patterns.get(key)
    if tree is None:
        tree = parsed_patterns[key] = parse_once(pattern.pattern, pattern.flags)
    return tree


def compiled(rules, flags):
    """(match, table) as ``join`` makes them, from the rules' parsed patterns: each a group of
    its own, its groups numbered after it."""
    state = sre_parse.State()
    state.flags = flags
    branches, table = [], [None]
    for rule in rules:
        inner = parsed(rule[0].__self__)
        group = state.opengroup()
        for number in range(1, inner.state.groups):
            state.opengroup()
            state.groupwidths[group + number] = inner.state.groupwidths[number]
        for name, number in inner.state.groupdict.items():
            state.groupdict[name] = group + number
        # A pattern without groups of its own goes in as it was parsed: the compiler reads it.
        body = shifted(inner, group, state) if inner.state.groups > 1 else inner
        state.closegroup(group, body)
        branches.append(sre_parse.SubPattern(state, [(sre.SUBPATTERN, (group, 0, 0, body))]))
        match, action, next_state = rule
        table.append((match, action, next_state, type(action) is _TokenType))
        table.extend([None] * (inner.state.groups - 1))
    tree = sre_parse.SubPattern(state, [(sre.BRANCH, (None, branches))] if len(branches) > 1 else branches[0].data)
    return sre_compiler.compile(tree, flags).match, table


def shifted(pattern, offset, state):
    """`pattern` with its groups' numbers `offset` higher, in `state`."""
    items = []
    for op, value in pattern.data:
        if op is sre.SUBPATTERN:
            group, add, remove, inner = value
            value = (None if group is None else group + offset, add, remove, shifted(inner, offset, state))
        elif op is sre.BRANCH:
            value = (value[0], [shifted(branch, offset, state) for branch in value[1]])
        elif op in REPEATS:
            value = (value[0], value[1], shifted(value[2], offset, state))
        elif op is sre.ASSERT or op is sre.ASSERT_NOT:
            value = (value[0], shifted(value[1], offset, state))
        elif op is getattr(sre, "ATOMIC_GROUP", None):
            value = shifted(value, offset, state)
        elif op not in (sre.LITERAL, sre.NOT_LITERAL, sre.ANY, sre.IN, sre.AT, sre.CATEGORY):
            # A reference to a group, or what this does not know.
            raise ValueError(op)
        items.append((op, value))
    return sre_parse.SubPattern(state, items)


def first_characters(pattern):
    """(the ASCII codes a match of the parsed `pattern` can begin with, whether it can match
    nothing), erring toward more: every code, and nothing, for what is not understood."""
    return sequence(pattern.data, pattern.state.flags)


def sequence(items, flags):
    found = set()
    for op, value in items:
        characters, empty = item(op, value, flags)
        found |= characters
        if not empty:
            return found, False
    return found, True


def item(op, value, flags):
    if op is sre.LITERAL:
        return literal(value, flags), False
    if op is sre.IN:
        return character_class(value, flags), False
    if op is sre.NOT_LITERAL or op is sre.ANY:
        return EVERY, False
    if op is sre.SUBPATTERN:
        _, add, remove, inner = value
        return sequence(inner.data, (flags | add) & ~remove)
    if op is sre.BRANCH:
        found, empty = set(), False
        for branch in value[1]:
            characters, can = sequence(branch.data, flags)
            found |= characters
            empty = empty or can
        return found, empty
    if op in REPEATS:
        characters, empty = sequence(value[2].data, flags)
        return characters, empty or value[0] == 0
    if op is getattr(sre, "ATOMIC_GROUP", None):
        return sequence(value.data, flags)
    if op is sre.AT or op is sre.ASSERT or op is sre.ASSERT_NOT:
        # Takes no character: what follows begins the match.
        return set(), True
    return EVERY, True


def literal(code, flags):
    if not flags & re.IGNORECASE:
        return {code} if code < 128 else set()
    if code >= 128:
        # Some fold to an ASCII letter: the long s to s, the Kelvin sign to k.
        return EVERY
    character = chr(code)
    return {code, ord(character.lower()), ord(character.upper())}


def character_class(items, flags):
    members, negated, unsure = set(), False, False
    for op, value in items:
        if op is sre.NEGATE:
            negated = True
        elif op is sre.LITERAL:
            if value < 128:
                members |= literal(value, flags)
            elif flags & re.IGNORECASE:
                unsure = True
        elif op is sre.RANGE:
            low, high = value
            for code in range(low, min(high, 127) + 1):
                members |= literal(code, flags)
            if high >= 128 and flags & re.IGNORECASE:
                unsure = True
        elif op is sre.CATEGORY:
            members |= category(value, flags)
        else:
            unsure = True
    # A member missed leaves a negated class more characters, never fewer.
    if negated:
        return EVERY - members
    return EVERY if unsure else members


def category(code, flags):
    key = (code, flags & (re.ASCII | re.UNICODE))
    found = categories.get(key)
    if found is None:
        test = {sre.CATEGORY_DIGIT: r"\d", sre.CATEGORY_NOT_DIGIT: r"\D", sre.CATEGORY_SPACE: r"\s",
                sre.CATEGORY_NOT_SPACE: r"\S", sre.CATEGORY_WORD: r"\w", sre.CATEGORY_NOT_WORD: r"\W"}.get(code)
        if test is None:
            found = EVERY
        else:
            matcher = re.compile(test, key[1]).match
            found = frozenset(code for code in range(128) if matcher(chr(code)))
        categories[key] = found
    return found


def join(rules):
    """(match, table): table[n] is what to do when group n, a rule's own, is the last matched:
    (the rule's match, its token kind or callback, its next state, whether the kind is a plain
    token kind), None for a group inside a rule. Joined as a string: ``compiled`` is the way
    where Python's parser can be reached."""
    flags = joinable(rules)
    if flags is None:
        return None
    pieces, table = [], [None]
    for match, action, next_state in rules:
        pattern = match.__self__
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
            if position < end:
                code = ord(text[position])
                if code > 127:
                    code = NON_ASCII
            else:
                code = END
            matcher, table = way.at[code] or way.way(code)
            found = matcher(text, position)
            if found:
                # The group around a rule closes after any group inside it: it is the last matched.
                group = found.lastindex
                match, action, next_state, plain = table[group]
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
