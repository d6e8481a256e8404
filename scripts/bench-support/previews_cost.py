"""What previews cost: `galley watch --once` over 30 branches that each edit one post, timed, and
the disk they take beyond production's, at the destination and in the watcher's builds beside
the repository.

Used by bench.py. `du` counts a file with several names once across all its arguments, so
`du -sk production previews` less `du -sk production` is what the previews add.
"""
import json
import os
import shutil
import subprocess
import time

BRANCHES = 30


def _git(args, cwd):
    subprocess.run(["git", "-c", "user.name=Bench", "-c", "user.email=bench@example.com", *args], cwd=cwd, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _kilobytes(*paths):
    out = subprocess.run(["du", "-skc", *paths], capture_output=True, text=True, check=True).stdout
    return int(out.strip().splitlines()[-1].split()[0])


def measure(galley, site, work):
    """A dict of the first pass's seconds and the megabytes each preview adds."""
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    server, clone = os.path.join(work, "server.git"), os.path.join(work, "work")
    previews, production = os.path.join(work, "previews"), os.path.join(work, "production")
    _git(["init", "-q", "--bare", "-b", "main", server], work)
    shutil.copytree(site, clone, ignore=shutil.ignore_patterns(".galley-cache"))
    _git(["init", "-q", "-b", "main"], clone)
    _git(["add", "-A"], clone)
    _git(["commit", "-q", "-m", "The blog"], clone)
    posts = sorted(name for name in os.listdir(os.path.join(clone, "posts")) if name.endswith(".md"))
    refs = ["main"]
    for number in range(BRANCHES):
        _git(["checkout", "-q", "-B", f"post/edit-{number}", "main"], clone)
        with open(os.path.join(clone, "posts", posts[(number * 7) % len(posts)]), "a") as post:
            post.write(f"\nA sentence added on branch {number}.\n")
        _git(["commit", "-q", "-am", f"Edit a post ({number})"], clone)
        refs.append(f"post/edit-{number}")
    _git(["push", "-q", server, *refs], clone)

    command = [galley, "watch", "--repo", server, "--to", previews, "--domain", "previews.example.com",
               "--production-to", production, "--once"]
    subprocess.run(["sync"], check=True)
    started = time.monotonic()
    result = subprocess.run(command, capture_output=True, text=True)
    seconds = time.monotonic() - started
    if result.returncode != 0:
        raise SystemExit(f"bench: galley watch failed:\n{result.stderr}")

    builds = os.path.join(server, "galley", "builds")
    production_builds = [os.path.join(builds, name) for name in os.listdir(builds) if "production" in name]
    destination_added = _kilobytes(production, previews) - _kilobytes(production)
    builds_added = _kilobytes(builds) - _kilobytes(*production_builds)
    listing = json.loads(subprocess.run([galley, "previews", "list", "--to", previews, "--json"], capture_output=True, text=True,
                                        check=True).stdout)
    own = [site["ownBytes"] for site in listing if not site.get("production")]
    shutil.rmtree(work, ignore_errors=True)
    return {
        "seconds": seconds,
        "destination_mb": destination_added / 1000 / BRANCHES,
        "builds_mb": builds_added / 1000 / BRANCHES,
        "own_mb": sum(own) / len(own) / 1e6,
    }
