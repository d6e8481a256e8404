"""Times `galley serve` from a saved file to the reload event a listening page receives.

Used by bench.py: the server is started on a free port, a page's event stream is opened on a raw
socket, and a post is appended to; the clock runs from just before the write to the moment the
`event: reload` line arrives.
"""
import http.client
import os
import re
import select
import socket
import statistics
import subprocess
import time


def _wait_for_address(process, deadline):
    seen = b""
    while time.monotonic() < deadline:
        ready, _, _ = select.select([process.stdout], [], [], 0.5)
        if ready:
            chunk = os.read(process.stdout.fileno(), 4096)
            if not chunk:
                break
            seen += chunk
            match = re.search(rb"at http://127\.0\.0\.1:(\d+)/", seen)
            if match:
                return int(match.group(1))
    raise SystemExit(f"bench: galley serve said no address:\n{seen.decode(errors='replace')}")


def _open_events(port):
    connection = socket.create_connection(("127.0.0.1", port), timeout=30)
    connection.sendall(f"GET /__galley/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    received = b""
    while b"event: hello" not in received:
        received += connection.recv(65536)
    return connection


def _wait_for(connection, word, deadline):
    received = b""
    while word not in received:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise SystemExit(f"bench: no {word.decode()} event from galley serve")
        ready, _, _ = select.select([connection], [], [], remaining)
        if ready:
            chunk = connection.recv(65536)
            if not chunk:
                raise SystemExit("bench: galley serve closed the event stream")
            received += chunk
    return received


def _page_time(port, path, count=300):
    """Median seconds to GET `path` over one kept-alive connection, once warm."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    times = []
    for _ in range(count):
        start = time.perf_counter()
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        times.append(time.perf_counter() - start)
        if response.status != 200:
            raise SystemExit(f"bench: GET {path} gave {response.status}")
    connection.close()
    return statistics.median(times[count // 3:])


def measure(galley, site, runs):
    """Median and worst edit-to-reload time in seconds over `runs` edits of one post, and the
    median time to serve the home page."""
    process = subprocess.Popen([galley, "serve", site, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        port = _wait_for_address(process, time.monotonic() + 300)
        connection = _open_events(port)
        posts = sorted(os.listdir(os.path.join(site, "posts")))
        post = os.path.join(site, "posts", posts[len(posts) // 2])
        with open(post) as f:
            original = f.read()
        times = []
        try:
            # The first edits warm the server's memory; they are not counted.
            for run in range(runs + 2):
                time.sleep(0.5)
                start = time.perf_counter()
                with open(post, "a") as f:
                    f.write(f"\nAn edit while serving, number {run}.\n")
                _wait_for(connection, b"event: reload", time.monotonic() + 60)
                if run >= 2:
                    times.append(time.perf_counter() - start)
        finally:
            with open(post, "w") as f:
                f.write(original)
        connection.close()
        return statistics.median(times), max(times), _page_time(port, "/")
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
