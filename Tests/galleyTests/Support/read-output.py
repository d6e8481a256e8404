#!/usr/bin/python3
"""Reads the files of a built site and prints, as one JSON object, what SiteChecks asks of them.

Usage: read-output.py FOLDER  (Debian's /usr/bin/python3: feedparser comes from python3-feedparser)

For each page: every address it links to (href, src, srcset, poster, a refresh's url, og:url and
og:image) with its line, the ids it holds, and any Liquid tag or Hugo shortcode shown as text,
read with the standard library's HTML parser so that quotes of either kind, unquoted values and
character references are read as a browser reads them. For each feed: what feedparser (or, for a JSON Feed, the json module) makes of it, the
problems it finds, and each entry's link and the addresses inside its content. For the sitemap
and robots.txt: the addresses they list. The caller decides what is broken.
"""

import html.parser
import json
import os
import re
import sys
import xml.etree.ElementTree

import feedparser

# Feed content as written: feedparser would otherwise make relative links absolute against the
# feed's address, hiding the very links a feed reader cannot follow, and drop markup it dislikes.
feedparser.RESOLVE_RELATIVE_URIS = 0
feedparser.SANITIZE_HTML = 0

LINK_ATTRIBUTES = {"href", "src", "poster"}
# Where a post may show template syntax as the subject it is about.
LITERAL_ELEMENTS = {"code", "pre", "kbd", "samp", "script", "style", "textarea"}
# Another generator's template syntax that reached the page as text: a Liquid tag ({% post_url … %}),
# a Hugo shortcode ({{< figure … >}}, {{% note %}}), or a Liquid variable of the site or page.
TEMPLATE_SYNTAX = re.compile(r"\{%-?\s*[a-z_]+.*?%\}|\{\{[<%].*?[>%]\}\}|\{\{-?\s*(?:site|page)\.[\w.]+.*?\}\}", re.S)
META_URL_PROPERTIES = {"og:url", "og:image", "og:audio", "og:video"}


def link(line, attribute, address):
    return {"line": line, "attribute": attribute, "address": address}


class PageReader(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links = []
        self.ids = []
        self.template_syntax = []
        self.literal_depth = 0

    def handle_starttag(self, tag, attrs):
        if tag in LITERAL_ELEMENTS:
            self.literal_depth += 1
        self.read_attributes(tag, attrs)

    def handle_startendtag(self, tag, attrs):
        self.read_attributes(tag, attrs)

    def handle_endtag(self, tag):
        if tag in LITERAL_ELEMENTS and self.literal_depth:
            self.literal_depth -= 1

    def handle_data(self, data):
        if not self.literal_depth:
            for found in TEMPLATE_SYNTAX.finditer(data):
                self.template_syntax.append({"line": self.getpos()[0], "text": " ".join(found.group(0).split())[:100]})

    def read_attributes(self, tag, attrs):
        line = self.getpos()[0]
        values = dict(attrs)
        for name, value in attrs:
            if value is None:
                continue
            if name in LINK_ATTRIBUTES:
                self.links.append(link(line, f"<{tag} {name}>", value))
            elif name == "srcset":
                # Candidates are "address [descriptor]", split at commas.
                for candidate in value.split(","):
                    parts = candidate.split()
                    if parts:
                        self.links.append(link(line, f"<{tag} srcset>", parts[0]))
            elif name == "id" and value:
                self.ids.append(value)
            elif name == "name" and tag == "a" and value:
                self.ids.append(value)
        if tag == "meta":
            content = values.get("content") or ""
            if (values.get("http-equiv") or "").lower() == "refresh":
                _, _, rest = content.partition(";")
                rest = rest.strip()
                if rest.lower().startswith("url="):
                    self.links.append(link(line, "<meta refresh>", rest[4:].strip().strip("'\"")))
            elif values.get("property") in META_URL_PROPERTIES and content:
                self.links.append(link(line, f"<meta {values['property']}>", content))


def read_page(path):
    reader = PageReader()
    with open(path, encoding="utf-8", errors="replace") as file:
        reader.feed(file.read())
    reader.close()
    return {"links": reader.links, "ids": reader.ids, "templateSyntax": reader.template_syntax}


def links_in(markup):
    reader = PageReader()
    reader.feed(markup or "")
    reader.close()
    return [found["address"] for found in reader.links]


def read_xml_feed(path):
    parsed = feedparser.parse(path)
    problems = []
    if parsed.bozo:
        problems.append(f"not well-formed: {parsed.bozo_exception}")
    if not parsed.version:
        problems.append("feedparser does not recognise it as RSS or Atom")
    links = [link.get("href", "") for link in parsed.feed.get("links", [])]
    entries = []
    for entry in parsed.entries:
        content = " ".join(part.get("value", "") for part in entry.get("content", []))
        if not content:
            content = entry.get("description", "")
        entry_links = links_in(content) + links_in(entry.get("summary", ""))
        entry_links += [link.get("href", "") for link in entry.get("links", [])]
        entry_links += [enclosure.get("href", "") for enclosure in entry.get("enclosures", [])]
        if not entry.get("title"):
            problems.append(f"an entry has no title: {entry.get('link')}")
        if not entry.get("published_parsed") and not entry.get("updated_parsed"):
            problems.append(f"an entry has no date feedparser can read: {entry.get('link')}")
        # An RSS description is both the content and the summary: each address once.
        entries.append({"link": entry.get("link", ""), "id": entry.get("id", ""), "links": list(dict.fromkeys(entry_links))})
    return {"format": parsed.version, "problems": problems, "links": links, "entries": entries}


def read_json_feed(path):
    problems = []
    try:
        with open(path, encoding="utf-8") as file:
            feed = json.load(file)
    except ValueError as error:
        return {"format": "json", "problems": [f"not JSON: {error}"], "links": [], "entries": []}
    # What JSON Feed 1.1 requires: a version, a title and items, each item with an id and content.
    if not str(feed.get("version", "")).startswith("https://jsonfeed.org/version/"):
        problems.append(f"version is {feed.get('version')!r}")
    if not isinstance(feed.get("title"), str) or not feed["title"]:
        problems.append("no title")
    items = feed.get("items")
    if not isinstance(items, list):
        problems.append("no items list")
        items = []
    links = [feed.get(key) for key in ("home_page_url", "feed_url") if isinstance(feed.get(key), str)]
    entries = []
    for item in items:
        if not isinstance(item.get("id"), str) or not item["id"]:
            problems.append(f"an item has no id: {item.get('url')}")
        if not isinstance(item.get("content_html"), str) and not isinstance(item.get("content_text"), str):
            problems.append(f"an item has neither content_html nor content_text: {item.get('id')}")
        entry_links = links_in(item.get("content_html", "")) + links_in(item.get("summary", ""))
        entry_links += [attachment.get("url", "") for attachment in item.get("attachments", [])]
        entries.append({"link": item.get("url", ""), "id": item.get("id", ""), "links": list(dict.fromkeys(entry_links))})
    return {"format": "json " + str(feed.get("version", "")), "problems": problems, "links": links, "entries": entries}


def read_sitemap(path):
    namespace = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
    root = xml.etree.ElementTree.parse(path).getroot()
    return [loc.text or "" for loc in root.iter(namespace + "loc")]


def read_robots(path):
    with open(path, encoding="utf-8") as file:
        return [line.split(":", 1)[1].strip() for line in file if line.lower().startswith("sitemap:")]


def main():
    folder = sys.argv[1]
    pages, feeds, others = {}, {}, {}
    for parent, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(parent, name)
            relative = os.path.relpath(path, folder)
            if name.endswith(".html"):
                pages[relative] = read_page(path)
    for name, reader in (("feed.xml", read_xml_feed), ("atom.xml", read_xml_feed), ("feed.json", read_json_feed)):
        if os.path.exists(os.path.join(folder, name)):
            feeds[name] = reader(os.path.join(folder, name))
    if os.path.exists(os.path.join(folder, "sitemap.xml")):
        others["sitemap.xml"] = read_sitemap(os.path.join(folder, "sitemap.xml"))
    if os.path.exists(os.path.join(folder, "robots.txt")):
        others["robots.txt"] = read_robots(os.path.join(folder, "robots.txt"))
    json.dump({"pages": pages, "feeds": feeds, "lists": others}, sys.stdout)


main()
