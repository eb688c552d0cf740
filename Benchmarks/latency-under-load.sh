#!/bin/bash
# One subscriber's POST-to-patch latency while the server is busy: two binaries alternately (A B A B …), each on a
# fresh server running the rate load (100 rooms x 10 subscribers, 4 keep-alive publishers, 8 s) while one more
# room gets 400 events, 10 ms apart. Shows what waits on the server's thread (a journal commit, a checkpoint, an
# fsync) as the p99 and the worst of that subscriber, and prints the rate the load reached meanwhile.
#   Benchmarks/latency-under-load.sh A_BINARY B_BINARY [ROUNDS=2]
# FLAGS_A="…" / FLAGS_B="…" are passed to each server; "@RUN@" becomes a new name per start (as in compare-builds.sh).
# Uses Benchmarks/sse-bench.c (built to $CLIENT); loopback only; every run bounded by timeout(1); stops its servers.
set -u
cd "$(dirname "$0")/.."
A=$1; B=$2; N=${3:-2}; PORT=${PORT:-18098}; CLIENT=${CLIENT:-/tmp/sse-bench}
# shellcheck source=Benchmarks/alternate.sh
. Benchmarks/alternate.sh
one() { # binary label flags
  start_server "$1" "$3"; local pid=$server
  local out; out=$(mktemp)
  timeout 60 "$CLIENT" rate -c 1000 --rooms 100 --create-rooms --publishers 4 --seconds 8 --port "$PORT" --pid $pid 2>&1 \
    | grep '^RESULT' >"$out" &
  local load=$!
  sleep 2
  local single
  single=$(timeout 60 "$CLIENT" fanout -c 1 --create-rooms --events 400 --interval-ms 10 --port "$PORT" 2>&1 | grep '^RESULT')
  wait $load
  kill -TERM $pid; wait $pid 2>/dev/null
  echo "$2 loaded_single_p50_ms=$(echo "$single" | field p50_ms) p99_ms=$(echo "$single" | field p99_ms)" \
    "max_ms=$(echo "$single" | field all_max_ms) load_events_per_s=$(field events_per_s <"$out")" \
    "load_cpu_ms_per_event=$(field server_cpu_ms_per_event <"$out")"
  rm -f "$out"
}
for _ in $(seq "$N"); do one "$A" A "${FLAGS_A:-}"; one "$B" B "${FLAGS_B:-}"; done
