#!/usr/bin/env python3
"""The server's CPU per event in the rate case, split into buckets, from a profile of Benchmarks/rate-profile.sh.

    Benchmarks/rate-buckets.py PERF_DATA CPU_MS_PER_EVENT [--show BUCKET]

PERF_DATA is rate-profile.sh's output (perf record -g); CPU_MS_PER_EVENT is the `server_cpu_ms_per_event` of the same
run (its RESULT line). Each sample goes to the first bucket whose pattern one of its frames matches (the sends first:
their stacks are cut before the room's frames), so a bucket's share times the CPU per event is its µs per event.
The patterns name both this build's functions and those of older ones (3bb6271's `EVPane.handle`,
`Room.publishChanges`, `Pane.renderView`), so two builds profiled in one sitting can be read side by side.
`--show BUCKET` lists the leaf frames of one bucket (to check what it holds). Needs perf and `swift demangle`.
"""
import collections
import re
import subprocess
import sys

BUCKETS = [
    ("subscriber sends (send(2), kernel)", r"^__send$"),
    ("the 202 (sendmsg)", r"__libc_sendmsg"),
    ("UUID() reading /dev/urandom", r"UUID\.init|libc_open|__close$"),
    ("journal (entry, log write, SQLite writer)",
     r"settle|JournalLog|SQLite|JournalEntry|JournalStore|Room\.record|Room\.keep|beforeStep|libc_pwrite|libc_pread"
     r"|__GI___libc_write|fdatasync|sqlite3|currentClient"),
    ("render (the app's views to HTML)", r"AnyHostedApp\.render|renderView|ViewHost\.render"),
    ("state diff (snapshot, JSON, changes)",
     r"snapshot\.getter|JSONValue|changes\(since|JSONValueEncoder|Encodable\.encode|encode\(to:\)"),
    ("teaching (trace rows, strip, stage reports)",
     r"^Teaching\.|Trace\.|Stages\.record|FlowStrip|StageRecord|EVAppInstance\.sent|TeachingFragments|EVPane\.actionNames"),
    ("patch diff (PaneView)", r"PaneView|^Diff\.|Fragment"),
    ("publish (frame, queue, replay log)", r"EventStreamHub|EventStream\.|SSEMessage|ReplayLog"),
    ("event handling (the app, OpenCombine)", r"AnyHostedApp\.handle|EVPane\.handle|Stages\.with"),
    ("room, other", r"Room\.apply|Room\.perform|renderAndPublish|publishChanges"),
    ("HTTP in (MHD, poll, route, parse, limits)",
     r"accessHandler|handleAccess|respond\(to|Router\.|libc_recv|__poll|MHD_|postEvent|AppRegistry|EventEnvelope"
     r"|FlatJSON|RoomRegistry|answer"),
]
ALLOC = r"^(malloc|_int_malloc|_int_free|cfree|free|malloc_consolidate|unlink_chunk|__libc_calloc|swift_slowAlloc|swift_slowDealloc)"


def samples(path):
    script = subprocess.run(["perf", "script", "-i", path], capture_output=True, text=True).stdout
    text = subprocess.run(["swift", "demangle", "--simplified"], input=script, capture_output=True, text=True).stdout
    for block in text.split("\n\n"):
        lines = [line for line in block.split("\n") if line.strip()]
        if len(lines) < 2:
            continue
        frames = [re.sub(r"\+0x[0-9a-f]+$", "", re.sub(r"^\s*[0-9a-f]+ ", "", line).rsplit(" (", 1)[0]) for line in lines[1:]]
        # The closure of a route names the responder's init, whose parameters name the journal: not a journal frame.
        yield lines[0].split()[0], [frame for frame in frames if "PlaygroundResponder.init" not in frame]


def main():
    path, cpu = sys.argv[1], float(sys.argv[2])
    show = sys.argv[sys.argv.index("--show") + 1] if "--show" in sys.argv else None
    counts, alloc, threads, shown = collections.Counter(), collections.Counter(), collections.Counter(), collections.Counter()
    total = 0
    for thread, frames in samples(path):
        total += 1
        threads[thread] += 1
        bucket = next((name for name, pattern in BUCKETS if any(re.search(pattern, f) for f in frames)), "other (mostly malloc/free)")
        counts[bucket] += 1
        if frames and re.search(ALLOC, frames[0]):
            alloc[bucket] += 1
        if show and bucket.startswith(show):
            shown[" < ".join(frames[:4])[:200]] += 1
    print(f"{path}: {total} samples, {cpu} ms of CPU per event")
    print(f"{'bucket':46s} {'share':>6s} {'µs/event':>9s} {'of it malloc/free':>18s}")
    for name in [name for name, _ in BUCKETS] + ["other (mostly malloc/free)"]:
        share = counts[name] / max(1, total)
        print(f"{name:46s} {100 * share:5.1f}% {1000 * cpu * share:9.1f} {1000 * cpu * alloc[name] / max(1, total):18.1f}")
    print("threads:", ", ".join(f"{name} {100 * n / total:.1f}%" for name, n in threads.most_common(4)))
    for frames, n in shown.most_common(25):
        print(n, frames)


if __name__ == "__main__":
    main()
