"""Times `galley watch --webhook-port` from a finished `git push` to the preview going live.

Used by bench.py: the blog is committed to a bare repository, a watcher that polls only once an
hour is started on it with a webhook port, and for each run one post is edited on a branch,
pushed, and a signed GitHub push event sent; the clock runs from the end of the push to the
moment the preview's link points at a new release.
"""
import hashlib
import hmac
import http.client
import os
import re
import shutil
import statistics
import subprocess
import time

SECRET = b"bench secret"


def _git(args, cwd):
    subprocess.run(["git", "-c", "user.name=Bench", "-c", "user.email=bench@example.com", *args], cwd=cwd, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _wait(condition, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.002)
    raise SystemExit(f"bench: {what} did not happen within {seconds} s")


def measure(galley, site, work, runs):
    """Median and worst seconds from push to live preview, over `runs` pushes."""
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    server, clone, previews = (os.path.join(work, name) for name in ("server.git", "work", "previews"))
    _git(["init", "-q", "--bare", "-b", "main", server], work)
    shutil.copytree(site, clone, ignore=shutil.ignore_patterns(".galley-cache", "_site"))
    _git(["init", "-q", "-b", "main"], clone)
    _git(["add", "-A"], clone)
    _git(["commit", "-q", "-m", "blog"], clone)
    _git(["push", "-q", server, "main"], clone)
    _git(["checkout", "-q", "-b", "post/bench"], clone)
    _git(["push", "-q", server, "post/bench"], clone)
    with open(os.path.join(work, "secret"), "wb") as f:
        f.write(SECRET)
    log = open(os.path.join(work, "watch.log"), "w+")
    watcher = subprocess.Popen([galley, "watch", "--repo", server, "--to", previews, "--domain", "p.bench", "--interval", "1h",
                                "--webhook-port", "0", "--webhook-secret-file", os.path.join(work, "secret")],
                               stdout=subprocess.DEVNULL, stderr=log)
    link = os.path.join(previews, "post-bench.p.bench")
    try:
        def said():
            log.seek(0)
            return log.read()
        _wait(lambda: re.search(r"listening for push webhooks at http://127\.0\.0\.1:(\d+)/", said()), 60, "the webhook port")
        port = int(re.search(r"listening for push webhooks at http://127\.0\.0\.1:(\d+)/", said()).group(1))
        _wait(lambda: os.path.islink(link), 600, "the first pass")
        posts = os.path.join(clone, "posts")
        post = os.path.join(posts, sorted(os.listdir(posts))[len(os.listdir(posts)) // 2])
        if os.path.isdir(post):
            post = os.path.join(post, "index.md")
        times = []
        for run in range(runs):
            before = os.readlink(link)
            with open(post, "a") as f:
                f.write(f"\nAn edit pushed, number {run}.\n")
            _git(["commit", "-q", "-am", f"edit {run}"], clone)
            _git(["push", "-q", server, "post/bench"], clone)
            started = time.monotonic()
            body = f'{{"ref":"refs/heads/post/bench","after":"{"1" * 40}"}}'.encode()
            signature = "sha256=" + hmac.new(SECRET, body, hashlib.sha256).hexdigest()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
            connection.request("POST", "/hooks/push", body, {"X-GitHub-Event": "push", "X-Hub-Signature-256": signature,
                                                             "Content-Type": "application/json"})
            if connection.getresponse().status != 202:
                raise SystemExit("bench: the watcher refused the push event")
            connection.close()
            _wait(lambda: os.readlink(link) != before, 120, "the preview going live")
            times.append(time.monotonic() - started)
            time.sleep(0.2)
        return statistics.median(times), max(times)
    finally:
        watcher.terminate()
        watcher.wait(timeout=30)
        log.close()
