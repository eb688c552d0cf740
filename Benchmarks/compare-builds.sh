#!/bin/bash
# Two playground binaries measured alternately (A B A B …) in one sitting, each on a fresh server warmed by one
# discarded 1,000-subscriber run: one subscriber's POST-to-patch p50, the event rate (100 rooms x 10 subscribers,
# 4 keep-alive publishers, 4 s) with the server's CPU per event, and the 1,000-subscriber time-to-all p50.
#   Benchmarks/compare-builds.sh OLD_BINARY NEW_BINARY [ROUNDS=3]
# e.g. git worktree add /tmp/old HEAD~1 && (cd /tmp/old && swift build -c release --product playground)
# FLAGS_A="…" / FLAGS_B="…" are passed to the old / new server (builds with per-client limits need
# "--max-connections-per-client 0 --max-streams-per-client 0 --events-per-client-per-second 0" for this one-address
# load; older builds do not know those flags).
# "@RUN@" in the flags becomes a new name per server start (e.g. FLAGS_B="--data-dir /tmp/journal-@RUN@": every
# server starts on an empty journal instead of restoring the rooms of the run before).
# Uses Benchmarks/sse-bench.c (built to $CLIENT); loopback only; every run bounded by timeout(1); stops its servers.
set -u
cd "$(dirname "$0")/.."
A=$1; B=$2; N=${3:-3}; PORT=${PORT:-18097}; CLIENT=${CLIENT:-/tmp/sse-bench}
# shellcheck source=Benchmarks/alternate.sh
. Benchmarks/alternate.sh
one() { # binary label flags
  start_server "$1" "$3"; local pid=$server
  timeout 60 "$CLIENT" fanout -c 1000 --create-rooms --events 5 --port "$PORT" >/dev/null 2>&1
  local single rate f1000
  single=$(timeout 60 "$CLIENT" fanout -c 1 --create-rooms --events 40 --interval-ms 20 --port "$PORT" 2>&1 | grep '^RESULT')
  rate=$(timeout 60 "$CLIENT" rate -c 1000 --rooms 100 --create-rooms --publishers 4 --seconds 4 --port "$PORT" --pid $pid 2>&1 | grep '^RESULT')
  f1000=$(timeout 60 "$CLIENT" fanout -c 1000 --create-rooms --events 20 --port "$PORT" --pid $pid 2>&1 | grep '^RESULT')
  kill -TERM $pid; wait $pid 2>/dev/null
  echo "$2 single_p50_ms=$(echo "$single" | field p50_ms) events_per_s=$(echo "$rate" | field events_per_s)" \
    "rate_cpu_ms_per_event=$(echo "$rate" | field server_cpu_ms_per_event) f1000_all_p50_ms=$(echo "$f1000" | field all_p50_ms)" \
    "f1000_cpu_ms_per_event=$(echo "$f1000" | field server_cpu_ms_per_event)"
}
for _ in $(seq "$N"); do one "$A" A "${FLAGS_A:-}"; one "$B" B "${FLAGS_B:-}"; done
