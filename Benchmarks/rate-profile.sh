#!/bin/bash
# perf profile of one playground binary in the event-rate case, journal on (what BENCHMARKS.md's rate sections quote):
# a fresh server warmed by one 1,000-subscriber run, then `sse-bench rate -c 1000 --rooms 100 --publishers 4 --seconds 8`
# with `perf record -F 999 -g` on the server for 5 s of it, then the flat profile and the rate's RESULT line.
#   Benchmarks/rate-profile.sh BINARY [OUT=/tmp/rate-profile.data]
# then e.g. `perf report -i OUT --no-children --sort symbol`, or `--children` for the callers' shares.
# FLAGS="…" replaces the default flags ("@RUN@" becomes a new name per start). Loopback only; every run is bounded by
# timeout(1); stops its server by pid. Needs perf (`apt-get install -y linux-perf`).
set -u
cd "$(dirname "$0")/.."
BIN=$1; OUT=${2:-/tmp/rate-profile.data}; PORT=${PORT:-18098}; CLIENT=${CLIENT:-/tmp/sse-bench}
F="--max-connections-per-client 0 --max-streams-per-client 0 --events-per-client-per-second 0"
FLAGS=${FLAGS:-"$F --data-dir /tmp/rate-profile-@RUN@"}
# shellcheck source=Benchmarks/alternate.sh
. Benchmarks/alternate.sh
start_server "$BIN" "$FLAGS"
timeout 60 "$CLIENT" fanout -c 1000 --create-rooms --events 5 --port "$PORT" >/dev/null 2>&1
timeout 60 "$CLIENT" rate -c 1000 --rooms 100 --create-rooms --publishers 4 --seconds 8 --port "$PORT" --pid "$server" 2>&1 | grep '^RESULT' &
client=$!
sleep 2.5
timeout 30 perf record -F 999 -g -p "$server" -o "$OUT" -- sleep 5 2>&1 | tail -1
wait $client
kill -TERM "$server"; wait "$server" 2>/dev/null
perf report -i "$OUT" --no-children --sort symbol --stdio 2>/dev/null | grep -E '^ +[0-9]' | head -25
