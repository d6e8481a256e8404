/// Code in each language the highlighting must cover, written here to reach the corners of
/// their lexers: strings with escapes and interpolation, nested and unclosed comments,
/// heredocs, raw strings, regular expressions, numbers in every base.
enum CodeSamples {
    static let byLanguage: [(language: String, code: String)] = [
        ("swift", #"""
        /* outer /* nested */ still */
        @MainActor final class Shelf<Item: Hashable>: Sendable {
            let items: [Item] = []; var count = 0x1F + 0b101 + 1_000.5e-3
            func label(_ name: String) -> String { "Shelf \(name.uppercased()) \\ \"q\"" }
            let raw = #"no \(escape) here"#
            let multi = """
                line \(count)
                """
        }
        #if os(Linux)
        import Glibc
        #endif
        """#),
        ("objective-c", #"""
        #import <Foundation/Foundation.h>
        @interface Note : NSObject <NSCopying>
        @property (nonatomic, copy) NSString *title;
        @end
        @implementation Note
        - (id)copyWithZone:(NSZone *)zone { return [[Note alloc] init]; }
        @end
        NSArray *list = @[@"a", @42, @YES]; NSDictionary *d = @{@"k": @(1.5)};
        """#),
        ("c", #"""
        #include <stdio.h>
        #define MAX(a, b) ((a) > (b) ? (a) : (b))
        /* a comment */ static const char *name = "tab\there\n";
        int main(int argc, char **argv) { unsigned long x = 0xFFul; char c = '\''; return argc > 1 ? 0 : 1; }
        // line comment
        """#),
        ("cpp", #"""
        #include <vector>
        template <typename T> struct Box { T value; auto get() const -> const T& { return value; } };
        namespace shelf { constexpr int kSize = 1'000; }
        auto s = R"delim(raw "string" here)delim"; std::vector<int> v{1, 2, 3};
        class A : public B { public: virtual ~A() override = default; };
        """#),
        ("bash", #"""
        #!/bin/bash
        set -euo pipefail
        for f in "$@"; do echo "file: ${f%.md} $(basename "$f")" >> log.txt; done
        cat <<EOF
        heredoc with $HOME and `date`
        EOF
        if [[ -n "${VAR:-}" && $x -gt 3 ]]; then exit 1; fi
        arr=(one two); echo ${#arr[@]} 'single $quote'
        """#),
        ("console", "$ galley build site\n102 posts written\n$ echo \"done\" | tr a-z A-Z\nDONE\n# root prompt\n"),
        ("javascript", #"""
        // a comment
        const re = /ab+c/gi, s = `total: ${a + b} and ${`nested ${c}`}`;
        async function* gen(x = 1) { yield await fetch('/api?q=' + x); }
        class A extends B { #secret = 0x10n; static get() { return this.#secret ?? null; } }
        export default { a: 1, 'b': [1, 2.5e3], c: () => ({}) };
        /* unclosed at the end
        """#),
        ("typescript", #"""
        interface Post<T extends object = {}> { readonly title: string; tags?: string[]; meta: T }
        type Id = `post-${number}`;
        enum Kind { Draft = 1, Live }
        function pick<K extends keyof Post>(p: Post, k: K): Post[K] { return p[k] as Post[K]; }
        const x = <const>["a", "b"]; let y: unknown = null!;
        """#),
        ("python", #"""
        @decorator(arg=1)
        async def fetch(url: str, *args, **kwargs) -> dict[str, int]:
            """Docstring with 'quotes'."""
            value = f"{url!r:>10} {{braces}}" + r'\d+' + b"bytes" + 0o17 + 1_0j
            match value:
                case {"k": [1, *rest]} if rest: return {}
            lambda x: x ** 2
        # comment
        """#),
        ("ruby", #"""
        module Shelf
          class Post < Struct.new(:title)
            def to_s = "#{title} #{@count} #$global"
            attr_reader :tags
          end
        end
        list = %w[a b c]; re = /\A[a-z]+\z/i; sym = :"quoted sym"
        text = <<~HEREDOC
          indented #{1 + 2}
        HEREDOC
        puts list.map { |x| x.upcase }.join(', ') if defined?(Post)
        """#),
        ("go", #"""
        package main
        import ("fmt"; "strings")
        type Post struct { Title string `json:"title"` }
        func (p *Post) Slug() string { return strings.ToLower(p.Title) }
        func main() { ch := make(chan int, 3); go func() { ch <- 0x2A }(); fmt.Printf("%d %q\n", <-ch, 'x'); s := `raw
        multi` ; _ = s }
        """#),
        ("rust", #"""
        #[derive(Debug, Clone)]
        pub struct Post<'a> { title: &'a str, tags: Vec<String> }
        impl<'a> Post<'a> { pub fn new(title: &'a str) -> Self { Self { title, tags: vec![] } } }
        fn main() { let r = r#"raw "quoted""#; let b = b'x'; let n = 1_000u64; println!("{:?} {}", r, n); }
        macro_rules! sq { ($x:expr) => { $x * $x }; }
        /* block /* nested */ */
        """#),
        ("java", #"""
        package shelf;
        import java.util.*;
        @FunctionalInterface public interface Maker<T> { T make(int n) throws Exception; }
        public final class Post implements Comparable<Post> { private static final long ID = 0xCAFEL;
            @Override public int compareTo(Post o) { return switch (o.hashCode()) { case 1 -> 0; default -> 1; }; }
            String text = """
                block text
                """; char c = '\u0041'; }
        """#),
        ("kotlin", #"""
        data class Post(val title: String, var tags: List<String> = emptyList())
        fun Post.slug(): String = title.lowercase().replace(' ', '-')
        val s = "title: ${post.title} and $name"; val raw = """raw $x ${y}"""
        suspend fun load() = coroutineScope { launch { delay(10L) } }
        object Shelf { const val MAX = 0xFF }
        """#),
        ("json", #"""
        {"title": "A \"post\"", "count": -1.5e10, "ok": true, "none": null, "list": [1, {"a": []}], "bad": tru}
        """#),
        ("yaml", #"""
        %YAML 1.2
        ---
        title: "A post: with colon"
        tags: [swift, "ipad"]
        date: 2019-10-08 01:34:00 +02:00
        nested:
          - key: &anchor value
          - ref: *anchor
        block: |
          literal text
          kept
        folded: >-
          folded text
        ? complex key
        : value # comment
        """#),
        ("toml", #"""
        # settings
        title = "Blog"
        [params]
        tags = ["a", 'b']
        date = 2019-10-08T01:34:00Z
        [[menu.main]]
        name = """multi
        line"""
        pi = 3.14_15
        inline = { a = 1, b = true }
        """#),
        ("html", #"""
        <!DOCTYPE html>
        <html lang="en"><head><style>body { color: #333; }</style>
        <script>if (a < b && c) { document.write("<p>x</p>"); }</script></head>
        <body class=main><!-- comment --><p data-x='1'>Text &amp; more &nbsp;</p><img src=a.png alt=""></body></html>
        """#),
        ("css", #"""
        @import url("theme.css");
        :root { --accent: #0a84ff; }
        @media (prefers-color-scheme: dark) { body { background: rgb(0 0 0 / 50%); } }
        .post > h1::before, a[href^="http"]:hover { content: "\201C"; margin: 0 auto !important; }
        /* comment */ @font-face { font-family: "X"; src: url(x.woff2) format("woff2"); }
        """#),
        ("sql", #"""
        -- a comment
        SELECT p.title, COUNT(t.id) AS tags FROM posts p LEFT JOIN tags t ON t.post_id = p.id
        WHERE p.date >= '2019-01-01' AND p.title LIKE 'A%' GROUP BY p.title HAVING COUNT(*) > 1 ORDER BY 2 DESC;
        /* block */ INSERT INTO posts (title) VALUES ('it''s'), (E'\n');
        CREATE TABLE x (id INTEGER PRIMARY KEY, body TEXT NOT NULL DEFAULT '');
        """#),
        ("diff", """
        diff --git a/post.md b/post.md
        index 1234567..89abcde 100644
        --- a/post.md
        +++ b/post.md
        @@ -1,3 +1,3 @@
         title: Post
        -old line
        +new line
        \\ No newline at end of file
        """),
        ("markdown", "# Title\n\nSome *emphasis* and `code` and [a link](https://example.com).\n\n```swift\nlet a = 1\n```\n\n> quote\n- item\n"),
        ("xml", "<?xml version=\"1.0\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\"><title type=\"html\">A &amp; B</title><![CDATA[raw <b>]]></feed>\n"),
        ("php", "<?php\nfunction greet(string $name): string { return \"Hi {$name}\" . 'x'; }\n$a = [1, 2]; // comment\n?>\n<p>html</p>\n"),
        ("lua", "local t = { a = 1, [\"b\"] = 2 }\nfunction t:greet(n) return 'hi ' .. n end\n--[[ long\ncomment ]]\nprint(#t, [[long string]])\n"),
    ]

    /// Deterministic splices of the samples: the end of one language run into the start of
    /// another, cut mid-token, so that each lexer also meets text it does not expect.
    static func splices(count: Int) -> [String] {
        let texts = byLanguage.map(\.code)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
        return (0..<count).map { _ in
            let a = Array(texts[next(texts.count)].unicodeScalars), b = Array(texts[next(texts.count)].unicodeScalars)
            let i = next(a.count + 1), j = next(b.count + 1)
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: a[i..<min(a.count, i + next(300))])
            scalars.append(contentsOf: b[j..<min(b.count, j + next(300))])
            return String(scalars)
        }
    }
}
