#!/bin/bash
# perf profile of one playground binary in the event-rate case, journal on (what BENCHMARKS.md's rate sections quote):
# a fresh server warmed by one 1,000-subscriber run, then `sse-bench rate -c 1000 --rooms 100 --publishers 4 --seconds 8`
# with `perf record -F 999 -g` on the server for 5 s of it (and `perf stat` counting its context switches and
# migrations over the same 5 s, per event), then the flat profile and the rate's RESULT line.
#   Benchmarks/rate-profile.sh BINARY [OUT=/tmp/rate-profile.data]   (the client's output goes to OUT.rate, perf stat's to OUT.stat)
# then `Benchmarks/rate-buckets.py OUT CPU_MS_PER_EVENT` for the CPU per event by bucket, or e.g.
# `perf report -i OUT --no-children --sort symbol`, or `--children` for the callers' shares.
# FLAGS="…" replaces the default flags (FLAGS="" passes none, for 3bb6271; "@RUN@" becomes a new name per start).
# Loopback only; every run is bounded by timeout(1); stops its server by pid. Needs perf (`apt-get install -y linux-perf`).
set -u
cd "$(dirname "$0")/.."
BIN=$1; OUT=${2:-/tmp/rate-profile.data}; PORT=${PORT:-18098}; CLIENT=${CLIENT:-/tmp/sse-bench}
F="--max-connections-per-client 0 --max-streams-per-client 0 --events-per-client-per-second 0"
FLAGS=${FLAGS-"$F --data-dir /tmp/rate-profile-@RUN@"}
# shellcheck source=Benchmarks/alternate.sh
. Benchmarks/alternate.sh
start_server "$BIN" "$FLAGS"
timeout 60 "$CLIENT" fanout -c 1000 --create-rooms --events 5 --port "$PORT" >/dev/null 2>&1
timeout 60 "$CLIENT" rate -c 1000 --rooms 100 --create-rooms --publishers 4 --seconds 8 --port "$PORT" --pid "$server" >"$OUT.rate" 2>&1 &
client=$!
sleep 2.5
timeout 30 perf stat -e context-switches,cpu-migrations -p "$server" -o "$OUT.stat" -- sleep 5 &
timeout 30 perf record -F 999 -g -p "$server" -o "$OUT" -- sleep 5 2>&1 | tail -1
wait $client
result=$(grep '^RESULT' "$OUT.rate"); echo "$result"
events=$(echo "$result" | field events_per_s)
count() { awk -v name="$1" '$2 == name { gsub(",", "", $1); print $1 }' "$OUT.stat"; }
awk -v cs="$(count context-switches)" -v mig="$(count cpu-migrations)" -v e="${events:-0}" \
  'BEGIN { if (e > 0) printf "context_switches_per_event=%.3f migrations_per_event=%.4f (perf stat, the same 5 s)\n", cs / (5 * e), mig / (5 * e) }'
kill -TERM "$server"; wait "$server" 2>/dev/null
perf report -i "$OUT" --no-children --sort symbol --stdio 2>/dev/null | grep -E '^ +[0-9]' | head -25
