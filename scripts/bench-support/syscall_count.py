"""System calls of one cold build, counted by strace, and what they come to per file written.

The build is of the blog with code shown plain (highlight: false): Pygments runs as helper
processes, which strace -f would follow, and their calls are not Galley's.
"""
import os
import shutil
import subprocess
import sys
import tempfile

# The calls that create, open, write and move files and folders; each is listed on its own.
FILE_CALLS = ["mkdirat", "mkdir", "openat", "openat2", "open", "write", "pwrite64", "writev", "linkat", "link",
              "renameat2", "renameat", "rename", "close", "fstat", "newfstatat", "statx", "fsync", "unlinkat", "getdents64"]


def count(galley, site, output):
    """Runs one build from nothing into `output` under strace; returns (calls by name, files written)."""
    if shutil.which("strace") is None:
        sys.exit("bench: strace is missing (scripts/bench installs Debian's strace)")
    shutil.rmtree(os.path.join(site, ".galley-cache"), ignore_errors=True)
    shutil.rmtree(output, ignore_errors=True)
    with tempfile.NamedTemporaryFile("r", suffix=".strace") as report:
        result = subprocess.run(["strace", "-f", "-c", "-o", report.name, galley, "build", site, "-o", output, "--quiet"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if result.returncode != 0:
            sys.exit(f"bench: the build under strace failed:\n{result.stderr}")
        calls = {}
        for line in report.read().splitlines():
            fields = line.split()
            # % time, seconds, usecs/call, calls, [errors,] syscall
            if len(fields) >= 5 and fields[0].replace(".", "", 1).isdigit() and fields[3].isdigit() and fields[-1] != "total":
                calls[fields[-1]] = int(fields[3])
    files = sum(len(names) for _, _, names in os.walk(output))
    folders = sum(len(names) for _, names, _ in os.walk(output))
    shutil.rmtree(output, ignore_errors=True)
    return {"calls": calls, "files": files, "folders": folders}


def describe(size, counted):
    """One line: the total a file, then the file calls a file, largest first."""
    calls, files = counted["calls"], max(counted["files"], 1)
    total = sum(calls.values())
    listed = sorted(((calls[name], name) for name in FILE_CALLS if calls.get(name)), reverse=True)
    per_file = ", ".join(f"{name} {number / files:.2f}" for number, name in listed)
    return (f"System calls of a cold build at {size} posts (strace -f -c, code shown plain): {total:,} for "
            f"{counted['files']:,} files in {counted['folders']:,} folders, {total / files:.1f} a file; a file: {per_file}")
