"""The same blog with every post a folder of its own, a picture beside its index.md, as blogs
moved from Hugo (page bundles) are: a full build and an edit, timed. With `by_month`, the
folders are kept by year and month (`posts/2024/05/2024-05-02-slug/`), as many blogs keep them.

Used by bench.py. Finding which folder each file goes with once took a scan of every post file
for each folder: 5,000 folders took seven seconds a build. Walking a dozen folders at each
level one after another, as the source state did before 2026-11-29, took a third of an edit.
"""
import os
import shutil
import statistics
import subprocess
import time


def _build(galley, site, out):
    start = time.perf_counter()
    subprocess.run([galley, "build", site, "-o", out, "--quiet"], check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def measure(galley, site, work, runs=3, by_month=False):
    """(median seconds of a full build, median seconds of an edit) of `site` made into folders."""
    shutil.rmtree(work, ignore_errors=True)
    folders = os.path.join(work, "blog")
    os.makedirs(os.path.join(folders, "posts"))
    shutil.copy(os.path.join(site, "galley.yml"), folders)
    posts = sorted(name for name in os.listdir(os.path.join(site, "posts")) if name.endswith(".md"))
    for name in posts:
        folder = os.path.join(folders, "posts", *((name[:4], name[5:7]) if by_month else ()), name[:-3])
        os.makedirs(folder)
        os.link(os.path.join(site, "posts", name), os.path.join(folder, "index.md"))
        with open(os.path.join(folder, "photo.png"), "wb") as f:
            f.write(b"\x89PNG\r\n\x1a\n")
    full, edits = [], []
    for run in range(runs):
        out = os.path.join(work, f"out-{run}")
        shutil.rmtree(os.path.join(folders, ".galley-cache"), ignore_errors=True)
        full.append(_build(galley, folders, out))
        # A copy of the post, not the shared link, takes the edit.
        middle = posts[len(posts) // 2]
        edited = os.path.join(folders, "posts", *((middle[:4], middle[5:7]) if by_month else ()), middle[:-3], "index.md")
        with open(edited) as f:
            text = f.read()
        os.remove(edited)
        with open(edited, "w") as f:
            f.write(text + f"\nAn edit, number {run}.\n")
        _build(galley, folders, out)  # makes the spare folder
        with open(edited, "a") as f:
            f.write("\nAnd another.\n")
        edits.append(_build(galley, folders, out))
    shutil.rmtree(work, ignore_errors=True)
    return statistics.median(full), statistics.median(edits)
