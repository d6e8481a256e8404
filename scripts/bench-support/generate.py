#!/usr/bin/env python3
"""Writes the same synthetic blog as a Galley site and as a Hugo site.

Deterministic from --seed: N posts of realistic Markdown (paragraphs, headings, lists, code,
tables, block quotes, links, one footnote each, about 2-4 KB), three tags per post out of a
hundred, per_page 10.
"""
import argparse
import os
import random
import shutil

WORDS = """the a of to and in is it that for on with as was at by this be from are or an have not but
they one all were there when your can said use each which she do how their if will up other about
out many then them these so some her would make like him into time has look two more write go see
number no way could people my than first water been call who oil its now find long down day did get
come made may part over new sound take only little work know place year live me back give most very
after thing our just name good sentence man think say great where help through much before line right
too mean old any same tell boy follow came want show also around form three small set put end does
another well large must big even such because turn here why ask went men read need land different home
us move try kind hand picture again change off play spell air away animal house point page letter
mother answer found study still learn should world high every near add food between own below country
plant last school father keep tree never start city earth eye light thought head under story saw left
few while along might close something seem next hard open example begin life always those both paper
together got group often run important until children side feet car mile night walk white sea began
grow took river four carry state once book hear stop without second later miss idea enough eat face
watch far really almost let above girl sometimes mountain cut young talk soon list song being leave
family galley proof press draft branch preview writer margin ink type column letterpress editor""".split()


def sentence(rng, low=6, high=16):
    words = [rng.choice(WORDS) for _ in range(rng.randint(low, high))]
    words[0] = words[0].capitalize()
    return " ".join(words) + rng.choice([".", ".", ".", "?", "!"])


def paragraph(rng, sentences=None):
    count = sentences or rng.randint(4, 7)
    text = " ".join(sentence(rng) for _ in range(count))
    if rng.random() < 0.5:
        word = rng.choice(WORDS)
        text = text.replace(" " + word + " ", f" [{word}](https://example.org/{word}) ", 1)
    if rng.random() < 0.4:
        word = rng.choice(WORDS)
        text = text.replace(" " + word + " ", f" **{word}** ", 1)
    return text


def body(rng):
    parts = [paragraph(rng) + "[^1]"]
    blocks = ["heading", "list", "code", "table", "quote", "para", "para", "para"]
    rng.shuffle(blocks)
    for block in blocks[: rng.randint(7, 8)]:
        if block == "heading":
            parts.append("## " + sentence(rng, 2, 5).rstrip(".?!"))
        elif block == "list":
            parts.append("\n".join(f"- {sentence(rng, 3, 8)}" for _ in range(rng.randint(3, 5))))
        elif block == "code":
            name = rng.choice(WORDS)
            parts.append(f"```swift\nfunc {name}(_ value: Int) -> Int {{\n    let doubled = value * 2\n    return doubled + {rng.randint(1, 99)}\n}}\n```")
        elif block == "table":
            rows = [f"| {rng.choice(WORDS)} | {rng.randint(1, 999)} | {rng.choice(WORDS)} |" for _ in range(rng.randint(2, 4))]
            parts.append("| Name | Count | Note |\n|------|------:|------|\n" + "\n".join(rows))
        elif block == "quote":
            parts.append("> " + paragraph(rng, 2))
        else:
            parts.append(paragraph(rng))
    parts.append(paragraph(rng))
    parts.append("[^1]: " + sentence(rng))
    return "\n\n".join(parts) + "\n"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--posts", type=int, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--galley", required=True)
    parser.add_argument("--hugo", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    tags = [f"topic-{i:02d}" for i in range(100)]

    # Regenerating deletes and rewrites thousands of files, which slows the file system for minutes
    # afterwards (see bench.py); the same seed and size give the same files, so keep them.
    marker = f"posts={args.posts} seed={args.seed} version=1\n"
    markers = [os.path.join(folder, ".generated") for folder in (args.galley, args.hugo)]
    if all(os.path.exists(m) and open(m).read() == marker for m in markers):
        return
    for folder in (args.galley, args.hugo):
        shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(os.path.join(args.galley, "posts"))
    os.makedirs(os.path.join(args.hugo, "content", "posts"))
    os.makedirs(os.path.join(args.hugo, "layouts", "_default"))

    with open(os.path.join(args.galley, "galley.yml"), "w") as f:
        f.write("title: Benchmark Blog\nbase_url: https://bench.example.com/\ntimezone: UTC\nper_page: 10\nfeed_limit: 20\n")
    with open(os.path.join(args.hugo, "hugo.toml"), "w") as f:
        f.write('baseURL = "https://bench.example.com/"\ntitle = "Benchmark Blog"\n'
                'disableKinds = ["section"]\n'
                "paginate = 10\n"
                "[taxonomies]\n  tag = \"tags\"\n"
                "[permalinks]\n  posts = \"/:year/:month/:day/:slug/\"\n"
                "[services.rss]\n  limit = 20\n"
                "[markup.goldmark.renderer]\n  unsafe = true\n")

    day = 0
    for index in range(args.posts):
        day += rng.randint(0, 1)
        year, rest = 2000 + day // 365, day % 365
        month, dom = 1 + rest // 31 % 12, 1 + rest % 28
        date = f"{year:04d}-{month:02d}-{dom:02d}"
        slug = f"post-{index:05d}"
        title = sentence(rng, 3, 7).rstrip(".?!")
        chosen = rng.sample(tags, 3)
        text = body(rng)
        front = f'title: "{title}"\ndate: {date}\ntags: [{", ".join(chosen)}]\n'
        with open(os.path.join(args.galley, "posts", f"{date}-{slug}.md"), "w") as f:
            f.write(f"---\n{front}---\n\n{text}")
        with open(os.path.join(args.hugo, "content", "posts", f"{date}-{slug}.md"), "w") as f:
            f.write(f"---\n{front}slug: {slug}\n---\n\n{text}")

    layouts = {
        "baseof.html": '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }} · {{ site.Title }}</title>'
                       '<link rel="canonical" href="{{ .Permalink }}"></head>\n<body><header><a href="{{ "/" | relURL }}">{{ site.Title }}</a></header>\n'
                       '<main>{{ block "main" . }}{{ end }}</main></body></html>\n',
        "single.html": '{{ define "main" }}<article><h1>{{ .Title }}</h1><time datetime="{{ .Date.Format "2006-01-02T15:04:05Z07:00" }}">'
                       '{{ .Date.Format "2 January 2006" }}</time>\n<ul>{{ range .Params.tags }}<li><a href="{{ "/tags/" | relURL }}{{ . | urlize }}/">#{{ . }}</a></li>{{ end }}</ul>\n'
                       '{{ .Content }}</article>\n<nav>{{ with .PrevInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}'
                       '{{ with .NextInSection }}<a href="{{ .RelPermalink }}">{{ .Title }}</a>{{ end }}</nav>{{ end }}\n',
        "list.html": '{{ define "main" }}{{ range .Paginator.Pages }}<article><h2><a href="{{ .RelPermalink }}">{{ .Title }}</a></h2>'
                     '{{ .Summary }}</article>{{ end }}\n{{ with .Paginator.Prev }}<a href="{{ .URL }}">Newer</a>{{ end }}'
                     '{{ with .Paginator.Next }}<a href="{{ .URL }}">Older</a>{{ end }}{{ end }}\n',
        "term.html": '{{ define "main" }}<h1>{{ .Title }}</h1><ul>{{ range .Pages }}<li><a href="{{ .RelPermalink }}">{{ .Title }}</a></li>{{ end }}</ul>{{ end }}\n',
    }
    for name, text in layouts.items():
        with open(os.path.join(args.hugo, "layouts", "_default", name), "w") as f:
            f.write(text)
    with open(os.path.join(args.hugo, "layouts", "index.html"), "w") as f:
        f.write('{{ define "main" }}{{ $p := .Paginate (where site.RegularPages "Section" "posts") }}'
                '{{ range $p.Pages }}<article><h2><a href="{{ .RelPermalink }}">{{ .Title }}</a></h2>{{ .Summary }}</article>{{ end }}'
                '{{ with $p.Prev }}<a href="{{ .URL }}">Newer</a>{{ end }}{{ with $p.Next }}<a href="{{ .URL }}">Older</a>{{ end }}{{ end }}\n')


    for m in markers:
        with open(m, "w") as f:
            f.write(marker)


if __name__ == "__main__":
    main()
