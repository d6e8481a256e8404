#!/usr/bin/env python3
"""Builds the same synthetic blog with Galley and with Hugo, alternating, and prints a table.

Used by scripts/bench; see there for the options.
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import post_folders
import serve_latency
import previews_cost
import syscall_count
import webhook_latency

HERE = os.path.dirname(os.path.abspath(__file__))


def timed(command, cwd=None):
    """Runs a command under /usr/bin/time; returns (wall s, cpu s, peak MB)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        start = time.perf_counter()
        result = subprocess.run(["/usr/bin/time", "-o", report.name, "-f", "%U %S %M"] + command, cwd=cwd,
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        wall = time.perf_counter() - start
        if result.returncode != 0:
            sys.exit(f"bench: {' '.join(command)} failed:\n{result.stderr}")
        user, system, peak_kb = report.read().split()[-3:]
    return wall, float(user) + float(system), int(peak_kb) / 1024


def count_files(folder):
    return sum(len(files) for _, _, files in os.walk(folder))


def settle():
    """Lets the kernel write out what the builds before left in memory (tens of thousands of new
    files and folders), so that the rebuilds are timed on their own and not against its flushing."""
    os.sync()
    time.sleep(10)


def check_highlighted(output):
    """Stops the bench when the build showed code plain (no Pygments): its cost would read as nothing."""
    for folder, _, files in os.walk(output):
        for name in files:
            if name == "index.html":
                with open(os.path.join(folder, name)) as f:
                    text = f.read()
                # The theme's <pre> carries attributes of its own (tabindex, role, aria-label).
                if re.search(r'<pre[^>]* class="highlight"', text):
                    return
                if re.search(r'<pre[^>]*><code class="language-', text):
                    sys.exit("bench: Galley showed code plain; install Debian's python3-pygments (scripts/bench does)")
    sys.exit("bench: no page of the generated blog shows code")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--galley", required=True, help="the galley binary")
    parser.add_argument("--work", required=True, help="a scratch folder")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-hugo", action="store_true")
    parser.add_argument("sizes", type=int, nargs="*", default=[1000, 10000])
    args = parser.parse_args()

    hugo_version = "" if args.no_hugo else subprocess.run(["hugo", "version"], capture_output=True, text=True).stdout.split()[1]
    print(f"Galley against Hugo {hugo_version or '(skipped)'} on {os.cpu_count()} cores; median of {args.runs} full builds each, alternating, and of {max(args.runs, 5)} rebuilds.\n")
    rows = []
    for size in args.sizes:
        galley_site = os.path.join(args.work, f"galley-{size}")
        hugo_site = os.path.join(args.work, f"hugo-{size}")
        subprocess.run([sys.executable, os.path.join(HERE, "generate.py"), "--posts", str(size), "--seed", str(args.seed),
                        "--galley", galley_site, "--hugo", hugo_site], check=True)
        markdown = sum(os.path.getsize(os.path.join(galley_site, "posts", name)) for name in os.listdir(os.path.join(galley_site, "posts")))
        # Each run builds into a folder never used before, and old outputs are deleted only after
        # all the timings: on ext4, creating files within minutes of deleting many others is
        # several times slower (the allocator steps over recently freed inodes), which would time
        # the previous run's clean-up rather than the generator.
        trash = os.path.join(args.work, "trash")
        # Galley keeps a spare folder beside its output (`.NAME.galley-spare`): it belongs to the
        # output it sits beside, and goes with it.
        for name in (f"galley-{size}-out", f"hugo-{size}-out", f".galley-{size}-out.galley-spare"):
            if os.path.exists(os.path.join(args.work, name)):
                os.makedirs(trash, exist_ok=True)
                os.rename(os.path.join(args.work, name), os.path.join(trash, f"{name}-{time.time_ns()}"))
        results = {"galley": [], "hugo": [], "plain": []}
        # The same blog with code shown plain (highlight: false), for the cost of highlighting:
        # its posts are links to the same files, its galley.yml its own.
        plain_site = os.path.join(args.work, f"galley-{size}-plain")
        shutil.rmtree(plain_site, ignore_errors=True)
        shutil.copytree(galley_site, plain_site, copy_function=os.link, ignore=shutil.ignore_patterns(".galley-cache"))
        os.remove(os.path.join(plain_site, "galley.yml"))
        with open(os.path.join(galley_site, "galley.yml")) as f, open(os.path.join(plain_site, "galley.yml"), "w") as plain:
            plain.write(f.read() + "\nhighlight: false\n")
        for run in range(args.runs):
            plain_out = os.path.join(args.work, f"galley-{size}-plain-out-{run}")
            if os.path.exists(plain_out):
                os.makedirs(trash, exist_ok=True)
                os.rename(plain_out, os.path.join(trash, f"{os.path.basename(plain_out)}-{time.time_ns()}"))
            galley_out = os.path.join(args.work, f"galley-{size}-out" + ("" if run == args.runs - 1 else f"-{run}"))
            hugo_out = os.path.join(args.work, f"hugo-{size}-out" + ("" if run == args.runs - 1 else f"-{run}"))
            for stale in (galley_out, hugo_out):
                if os.path.exists(stale):
                    os.makedirs(trash, exist_ok=True)
                    os.rename(stale, os.path.join(trash, f"{os.path.basename(stale)}-{time.time_ns()}"))
            shutil.rmtree(os.path.join(galley_site, ".galley-cache"), ignore_errors=True)
            # Each build starts once the kernel has written out the one before (11,000 files and
            # their folders): otherwise its flushing takes a core from whichever comes next.
            os.sync()
            results["galley"].append(timed([args.galley, "build", galley_site, "-o", galley_out, "--quiet"]))
            if run == 0:
                check_highlighted(galley_out)
            # Alternating with the others, so that both see the same machine.
            shutil.rmtree(os.path.join(plain_site, ".galley-cache"), ignore_errors=True)
            os.sync()
            results["plain"].append(timed([args.galley, "build", plain_site, "-o", plain_out, "--quiet"]))
            if not args.no_hugo:
                os.sync()
                results["hugo"].append(timed(["hugo", "--quiet", "--source", hugo_site, "--destination", hugo_out]))

        # Rebuilds on top of the last full build, once the kernel has written out what the full
        # builds left in memory: otherwise they are timed against its flushing of 20,000 new files.
        settle()
        # A rebuild takes a tenth of a second, where a stall of the machine shows: the median of
        # at least five says more than that of three.
        rebuild_runs = max(args.runs, 5)
        noop = [timed([args.galley, "build", galley_site, "-o", galley_out, "--quiet"]) for _ in range(rebuild_runs)]
        post = os.path.join(galley_site, "posts", sorted(os.listdir(os.path.join(galley_site, "posts")))[size // 2])
        with open(post) as f:
            original = f.read()
        settings = os.path.join(galley_site, "galley.yml")
        with open(settings) as f:
            original_settings = f.read()
        edits, title_edits = [], []
        try:
            # The first rebuild into a folder built from nothing: a body edit changes one page,
            # which goes into the live folder alone, without a spare folder (a link per file)
            # made first; timed on its own, and the edits that follow are the steady state.
            with open(post, "a") as f:
                f.write("\nA first edit.\n")
            first_edit = timed([args.galley, "build", galley_site, "-o", galley_out, "--quiet"])
            settle()
            for run in range(rebuild_runs):
                with open(post, "a") as f:
                    f.write(f"\nAn edit, number {run}.\n")
                edits.append(timed([args.galley, "build", galley_site, "-o", galley_out, "--quiet"]))
            # A build run again at once after one that followed a save: the post is too recent
            # for its times to vouch for it, and is read again and compared.
            noop_after_edit = []
            for run in range(rebuild_runs):
                with open(post, "a") as f:
                    f.write(f"\nSaved and built twice, number {run}.\n")
                timed([args.galley, "build", galley_site, "-o", galley_out, "--quiet"])
                noop_after_edit.append(timed([args.galley, "build", galley_site, "-o", galley_out, "--quiet"]))
            # A new title shows on the archive, the tag pages, the home page and the feeds too.
            for run in range(rebuild_runs):
                with open(post) as f:
                    text = f.read()
                with open(post, "w") as f:
                    f.write(text.replace('title: "', f'title: "Retitled {run} ', 1) if run == 0
                            else text.replace(f"Retitled {run - 1} ", f"Retitled {run} ", 1))
                title_edits.append(timed([args.galley, "build", galley_site, "-o", galley_out, "--quiet"]))
            def retitle(words):
                """Puts `words` before the post's title."""
                with open(post) as f:
                    text = f.read()
                with open(post, "w") as f:
                    f.write(text.replace('title: "', f'title: "{words} ', 1))

            def rewrite_every_page(words):
                """A new site title: every page is rewritten, and the spare (the folder before)
                is stale throughout until the build links the new pages into it. Timed; then
                written out by the kernel."""
                with open(settings) as f:
                    text = f.read()
                with open(settings, "w") as f:
                    f.write(text.replace("title: ", f"title: {words} ", 1))
                seconds = timed([args.galley, "build", galley_site, "-o", galley_out, "--quiet"])
                settle()
                return seconds

            # A body edit after it changes one page, which goes into the live folder alone.
            rewrites = [rewrite_every_page("Retitled")]
            with open(post, "a") as f:
                f.write("\nAn edit after every page was rewritten.\n")
            edit_after_rewrite = timed([args.galley, "build", galley_site, "-o", galley_out, "--quiet"])
            # A title edit changes several pages, so the folders change places: the spare must
            # hold every live file, which the rewrite linked into it before it ended.
            rewrites.append(rewrite_every_page("Again"))
            retitle("Once more")
            title_after_rewrite = timed([args.galley, "build", galley_site, "-o", galley_out, "--quiet"])
            # A build into a new folder leaves no spare; the first build after it that changes
            # more than one page (a new title) makes one from nothing: a folder and a link for
            # each file. Its own output and cache, removed after, so that the next run's first
            # build there is from nothing too.
            fresh = os.path.join(args.work, f"galley-{size}-fresh")
            fresh_out, fresh_cache = os.path.join(fresh, "out"), os.path.join(fresh, "cache")
            shutil.rmtree(fresh, ignore_errors=True)
            os.makedirs(fresh)
            timed([args.galley, "build", galley_site, "-o", fresh_out, "--cache", fresh_cache, "--quiet"])
            settle()
            retitle("In a new folder")
            first_title_edit = timed([args.galley, "build", galley_site, "-o", fresh_out, "--cache", fresh_cache, "--quiet"])
            shutil.rmtree(fresh, ignore_errors=True)
        finally:
            with open(post, "w") as f:  # so the next run can reuse the generated blog
                f.write(original)
            with open(settings, "w") as f:
                f.write(original_settings)

        # `galley serve`: from a saved post to the reload event an open page receives.
        settle()
        serve_median, serve_worst, serve_page = serve_latency.measure(args.galley, galley_site, rebuild_runs)

        # `galley watch --webhook-port`: from a finished push to the preview going live.
        settle()
        hook_median, hook_worst = webhook_latency.measure(args.galley, galley_site, os.path.join(args.work, f"webhook-{size}"), rebuild_runs)

        # System calls of one cold build, counted by strace, per file written.
        settle()
        calls = syscall_count.count(args.galley, plain_site, os.path.join(args.work, f"galley-{size}-strace-out"))

        def median(values, index):
            return statistics.median(value[index] for value in values)

        row = {
            "size": size, "mb": markdown / 1e6, "files": count_files(galley_out),
            "g_wall": median(results["galley"], 0), "g_cpu": median(results["galley"], 1), "g_mem": median(results["galley"], 2),
            "noop": median(noop, 0), "noop_after_edit": median(noop_after_edit, 0), "edit": median(edits, 0), "title_edit": median(title_edits, 0), "first_edit": first_edit[0], "first_title_edit": first_title_edit[0],
            "edit_after_rewrite": edit_after_rewrite[0], "title_after_rewrite": title_after_rewrite[0], "rewrite": min(r[0] for r in rewrites),
            "calls": calls,
            "serve": serve_median, "serve_worst": serve_worst, "serve_page": serve_page,
            "hook": hook_median, "hook_worst": hook_worst,
            "plain_wall": median(results["plain"], 0), "plain_cpu": median(results["plain"], 1),
            "code_posts": sum(1 for name in os.listdir(os.path.join(galley_site, "posts"))
                              if "```" in open(os.path.join(galley_site, "posts", name)).read()),
        }
        if results["hugo"]:
            row.update({"h_wall": median(results["hugo"], 0), "h_cpu": median(results["hugo"], 1), "h_mem": median(results["hugo"], 2),
                        "h_files": count_files(hugo_out)})
        rows.append(row)

    for run in range(args.runs - 1):
        for size in args.sizes:
            for name in (f"galley-{size}-out-{run}", f"hugo-{size}-out-{run}"):
                shutil.rmtree(os.path.join(args.work, name), ignore_errors=True)
    for size in args.sizes:
        for run in range(args.runs):
            shutil.rmtree(os.path.join(args.work, f"galley-{size}-plain-out-{run}"), ignore_errors=True)
        shutil.rmtree(os.path.join(args.work, f"galley-{size}-plain"), ignore_errors=True)
    shutil.rmtree(os.path.join(args.work, "trash"), ignore_errors=True)

    header = (f"{'posts':>7} {'MB md':>6} | {'Galley wall':>11} {'CPU':>7} {'peak':>8} | {'Hugo wall':>9} {'CPU':>7} {'peak':>8} | {'G/H':>5} | "
              f"{'no-op':>8} {'1 edit':>8} {'title':>8}")
    print(header)
    print("-" * len(header))
    for row in rows:
        hugo = (f"{row['h_wall']:>8.2f}s {row['h_cpu']:>6.2f}s {row['h_mem']:>6.0f}MB | {row['g_wall'] / row['h_wall']:>5.2f}"
                if "h_wall" in row else f"{'-':>9} {'-':>7} {'-':>8} | {'-':>5}")
        print(f"{row['size']:>7} {row['mb']:>6.1f} | {row['g_wall']:>10.2f}s {row['g_cpu']:>6.2f}s {row['g_mem']:>6.0f}MB | {hugo} | "
              f"{row['noop'] * 1000:>6.0f}ms {row['edit'] * 1000:>6.0f}ms {row['title_edit'] * 1000:>6.0f}ms")
    if len(rows) >= 2:
        small, large = rows[0], rows[-1]
        print(f"\nGalley growth: {large['size'] // small['size']}x the posts took {large['g_wall'] / small['g_wall']:.1f}x the time.")
    print("First edit after a build into a new folder (one page changed, moved into the live folder alone; 279 ms at "
          "10,000 posts before 2026-11-30, when it made the spare folder): "
          + ", ".join(f"{r['size']} posts: {r['first_edit'] * 1000:.0f}ms" for r in rows))
    print("First title edit after a build into a new folder (several pages changed: the spare is made from nothing "
          "first): " + ", ".join(f"{r['size']} posts: {r['first_title_edit'] * 1000:.0f}ms" for r in rows))
    print("First edit after a build that rewrote every page (a new site title; 700 ms at 10,000 posts before 2026-11-29, "
          "276 ms before 2026-11-30): "
          + ", ".join(f"{r['size']} posts: {r['edit_after_rewrite'] * 1000:.0f}ms" for r in rows))
    print("A build that rewrote every page (a new site title; the faster of two): "
          + ", ".join(f"{r['size']} posts: {r['rewrite'] * 1000:.0f}ms" for r in rows))
    print("First title edit after a build that rewrote every page (several pages changed; until the rewrite linked its "
          "pages into the spare, the edit did it first: 328 to 479 ms at 10,000 posts): "
          + ", ".join(f"{r['size']} posts: {r['title_after_rewrite'] * 1000:.0f}ms" for r in rows))
    print("No-op right after an edit (the post saved within two seconds of the build before, so read again and compared; "
          "before 2026-11-30 such a build went through the cache as an edit does, 170 ms at 10,000 posts): "
          + ", ".join(f"{r['size']} posts: {r['noop_after_edit'] * 1000:.0f}ms" for r in rows))
    print("galley serve, saved post to reload event (goal: 100 ms at 1,000 posts, 250 ms at 10,000): "
          + ", ".join(f"{r['size']} posts: {r['serve'] * 1000:.0f}ms (worst {r['serve_worst'] * 1000:.0f}ms)" for r in rows))
    sample_median, sample_worst = webhook_latency.measure(args.galley, os.path.join(HERE, "..", "..", "site"),
                                                          os.path.join(args.work, "webhook-sample"), max(args.runs, 5))
    print("galley watch, push to live preview through the webhook (goal: 0.5 s at 1,000 posts; 508 ms and 3,738 ms at 1,000 and "
          "10,000 posts before 2026-11-30, when rsync copied each release into the local folder): "
          + f"the sample blog (9 posts): {sample_median * 1000:.0f}ms (worst {sample_worst * 1000:.0f}ms), "
          + ", ".join(f"{r['size']} posts: {r['hook'] * 1000:.0f}ms (worst {r['hook_worst'] * 1000:.0f}ms)" for r in rows))
    print("galley serve, one request for the home page over a kept-alive connection: "
          + ", ".join(f"{r['size']} posts: {r['serve_page'] * 1000:.2f}ms" for r in rows))
    print("Cost of highlighting (cold builds, Pygments against highlight: false; the goal is at most +30% at 10,000 posts): "
          + ", ".join(f"{r['size']} posts ({r['code_posts']} with code): {r['g_wall']:.2f}s against {r['plain_wall']:.2f}s wall "
                      f"({(r['g_wall'] / r['plain_wall'] - 1) * 100:+.0f}%), {r['g_cpu']:.2f}s against {r['plain_cpu']:.2f}s CPU"
                      for r in rows))
    sample = previews_cost.measure(args.galley, os.path.join(HERE, "..", "..", "site"), os.path.join(args.work, "previews-cost-sample"))
    cost = previews_cost.measure(args.galley, os.path.join(args.work, f"galley-{args.sizes[0]}"), os.path.join(args.work, "previews-cost"))
    print(f"galley watch --once, first pass over {previews_cost.BRANCHES} branches that each edit one post (goal: 5 s; 13.1 s before "
          f"2026-11-26): the sample blog: {sample['seconds']:.1f}s, {args.sizes[0]} posts: {cost['seconds']:.1f}s")
    print(f"Disk each of those previews adds beyond production (goal: 2 MB; before: 41.9 MB at the destination with three releases "
          f"and about 22 MB of builds, at 1,000 posts): {args.sizes[0]} posts: {cost['destination_mb']:.1f} MB at the destination, "
          f"{cost['builds_mb']:.1f} MB of builds beside the repository, {cost['own_mb']:.1f} MB own files as galley previews list "
          f"shows them; the sample blog: {sample['destination_mb']:.2f} MB, {sample['builds_mb']:.2f} MB, {sample['own_mb']:.2f} MB")
    folders_full, folders_edit = post_folders.measure(args.galley, os.path.join(args.work, f"galley-{args.sizes[-1]}"),
                                                      os.path.join(args.work, "post-folders"))
    print(f"Every post a folder with a picture beside it (as Hugo's page bundles), {args.sizes[-1]} posts: a full build "
          f"{folders_full:.2f}s, an edit {folders_edit * 1000:.0f}ms (median of 3; 5,000 folders took 7 s a build before 2026-11-29)")
    monthly_full, monthly_edit = post_folders.measure(args.galley, os.path.join(args.work, f"galley-{args.sizes[-1]}"),
                                                      os.path.join(args.work, "post-folders"), by_month=True)
    print(f"The same folders kept by year and month (posts/2024/05/2024-05-02-slug/), {args.sizes[-1]} posts: a full build "
          f"{monthly_full:.2f}s, an edit {monthly_edit * 1000:.0f}ms (median of 3)")
    print("Output files per build: " + ", ".join(f"{r['size']} posts: Galley {r['files']}" + (f", Hugo {r['h_files']}" if 'h_files' in r else "") for r in rows))
    for r in rows:
        print(syscall_count.describe(r["size"], r["calls"]))
    print()
    print_goals(rows)


def print_goals(rows):
    """Each of issue 27's goals beside what this run measured."""
    by_size = {r["size"]: r for r in rows}
    goals = []
    if 10000 in by_size:
        r = by_size[10000]
        goals += [("10,000 posts, cold, with highlighting", r["g_wall"], 1.2, "s"),
                  ("10,000 posts, cold, peak memory", r["g_mem"], 200, "MB"),
                  ("10,000 posts, one body edit", r["edit"] * 1000, 150, "ms"),
                  ("10,000 posts, one title edit", r["title_edit"] * 1000, 150, "ms"),
                  ("10,000 posts, the first edit after a full build", r["first_edit"] * 1000, 150, "ms"),
                  ("10,000 posts, the first title edit after a build into a new folder", r["first_title_edit"] * 1000, 150, "ms"),
                  ("10,000 posts, the first edit after every page changed", r["edit_after_rewrite"] * 1000, 150, "ms"),
                  ("10,000 posts, the first title edit after a full build", r["title_after_rewrite"] * 1000, 150, "ms"),
                  ("10,000 posts, no-op", r["noop"] * 1000, 80, "ms"),
                  ("10,000 posts, no-op right after an edit", r["noop_after_edit"] * 1000, 80, "ms"),
                  ("10,000 posts, serve: save to reload", r["serve"] * 1000, 250, "ms")]
    if 1000 in by_size:
        r = by_size[1000]
        goals += [("1,000 posts, cold", r["g_wall"], 0.2, "s")]
        if "h_wall" in r:
            goals += [("1,000 posts, cold, against Hugo's time / 5", r["g_wall"], r["h_wall"] / 5, "s")]
        goals += [("1,000 posts, no-op", r["noop"] * 1000, 80, "ms"),
                  ("1,000 posts, serve: save to reload", r["serve"] * 1000, 100, "ms")]
    if not goals:
        return
    width = max(len(name) for name, *_ in goals)
    print(f"{'goal':<{width}} | {'measured':>10} | {'goal':>10} |")
    print("-" * (width + 30))
    for name, value, goal, unit in goals:
        verdict = "met" if value <= goal else "not met"
        print(f"{name:<{width}} | {value:>8.2f}{unit:<2} | {goal:>8.2f}{unit:<2} | {verdict}")


if __name__ == "__main__":
    main()
