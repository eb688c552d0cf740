#!/usr/bin/env python3
"""One client posting invalid ~3.8 MB documents to POST /rooms/import on several keep-alive connections, each
refused only at its last entry (so checking it parses all of it), for a given time; prints the answers by status.
Run a bystander meanwhile to see what it costs everyone else, e.g.:

  .build/release/playground --port 18154 --no-journal &
  Benchmarks/import-flood.py 18154 12 8 &
  sleep 2; /tmp/sse-bench fanout -c 1 --create-rooms --events 300 --interval-ms 20 --port 18154

Loopback only; stops by itself after SECONDS.
"""
import http.client
import json
import sys
import threading
import time


def document(entries=27_000):
    entry = {"step": 1, "time": 0, "kind": "input", "app": "ev", "source": "http",
             "fields": [{"name": "event", "value": "changeBothSidesColors"}]}
    doc = {"format": "architecture-playground-journal", "version": 2, "room": "x", "seed": "1", "apps": ["ev"],
           "entries": [dict(entry, step=index + 1) for index in range(entries)]}
    doc["entries"][-1]["source"] = "nowhere"
    return json.dumps(doc).encode()


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: import-flood.py PORT SECONDS CONNECTIONS")
    port, seconds, connections = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
    body = document()
    answers = {}
    lock = threading.Lock()

    def flood():
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                while time.monotonic() < end:
                    connection.request("POST", "/rooms/import", body, {"Content-Type": "application/json"})
                    response = connection.getresponse()
                    response.read()
                    key = response.status
                    with lock:
                        answers[key] = answers.get(key, 0) + 1
            except (OSError, http.client.HTTPException) as error:
                with lock:
                    answers[type(error).__name__] = answers.get(type(error).__name__, 0) + 1

    threads = [threading.Thread(target=flood) for _ in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    print(f"body {len(body)} bytes; answers by status: {answers}")


if __name__ == "__main__":
    main()
