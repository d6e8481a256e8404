"""Galley's emoji helper: every emoji name Debian's python3-emoji knows, in one frame.

Galley runs it as `python3 -I -c SOURCE` once per process. It writes one frame (a 4-byte
big-endian length, then that many bytes) holding a JSON object: `{"names": {"ship": "🚢", …}}`,
GitHub's aliases first, as jemoji has them, then the English names, the first emoji to take a
name keeping it; or `{"error": "…"}` when the package cannot be imported.
"""
import json
import struct
import sys


def send(reply):
    payload = json.dumps(reply, ensure_ascii=False).encode("utf-8")
    sys.stdout.buffer.write(struct.pack(">I", len(payload)) + payload)
    sys.stdout.buffer.flush()


try:
    import emoji
except Exception as error:
    send({"error": str(error)})
    sys.exit(0)

names = {}
for key in ("alias", "en"):
    for char, data in emoji.EMOJI_DATA.items():
        found = data.get(key) or []
        for name in ([found] if isinstance(found, str) else found):
            if len(name) > 2 and name.startswith(":") and name.endswith(":"):
                names.setdefault(name[1:-1], char)
send({"names": names})
