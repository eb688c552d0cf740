#!/bin/bash
# `make bench`: builds the release server and the load client, starts ONE playground with its default settings
# except --port, --log-level and the per-client limits (BENCH_FLAGS): the load client is one address holding
# 10,000 streams and posting thousands of events a second, which the defaults rightly refuse to one client.
# Runs every case of issue #5, prints a table and stops what it started.
# Then the event-rate case again on fresh servers, the journal off (--no-journal) and on, alternated (issue #15).
#   Benchmarks/run.sh                 everything (about 4 minutes)
# env: PORT=18090  SCRATCH=.build (swift --scratch-path)  OUT=/tmp/playground-bench (raw outputs)
#      STREAMS=10000 (the fan-out scale; lower it on a smaller machine)  REPS=1 (fan-out runs per size)
#      JOURNAL_ROUNDS=5 (journal off/on pairs; 0 skips them)
#      ROOM_COST=1 (then Benchmarks/room-cost.py: memory per room, page bytes, restart and wake times; 0 skips it)
#      PATCH_ROOMS=200 (then Benchmarks/room-patches.py: SSE bytes per event, memory per room with a tab; 0 skips it)
# Loopback only; every client run is bounded by --timeout-s and timeout(1); the server is stopped by its pid.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT=${PORT:-18090}
SCRATCH=${SCRATCH:-.build}
OUT=${OUT:-/tmp/playground-bench}
STREAMS=${STREAMS:-10000}
REPS=${REPS:-1}
JOURNAL_ROUNDS=${JOURNAL_ROUNDS:-5}
ROOM_COST=${ROOM_COST:-1}
# The only limits the bench lifts; the per-room event budget and every server-wide limit stay at their defaults.
BENCH_FLAGS=${BENCH_FLAGS:---max-connections-per-client 0 --max-streams-per-client 0 --events-per-client-per-second 0}
mkdir -p "$OUT"
ulimit -n "$(ulimit -Hn)"
need=$((STREAMS + 200))
if [ "$(ulimit -n)" -lt "$need" ]; then
  echo "the open-file limit $(ulimit -n) is below $need: lower STREAMS or raise the hard limit" >&2; exit 1
fi

echo "== building (release)"
swift build -c release --scratch-path "$SCRATCH" --product playground 2>&1 | tail -1
SERVER=$(swift build -c release --scratch-path "$SCRATCH" --show-bin-path)/playground
CLIENT=$SCRATCH/sse-bench
cc -O2 -Wall -o "$CLIENT" Benchmarks/sse-bench.c

if ss -Hltn "sport = :$PORT" | grep -q .; then echo "127.0.0.1:$PORT is busy; set PORT=" >&2; exit 1; fi
SERVER_PID=""
stop_server() {
  [ -n "$SERVER_PID" ] || return 0
  if kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID"
    for _ in $(seq 150); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
    if kill -0 "$SERVER_PID" 2>/dev/null; then echo "server $SERVER_PID still running after 15 s: KILL" >&2; kill -KILL "$SERVER_PID"; fi
  fi
  wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=""
}
trap 'exit 130' INT TERM

JOURNALS=$(mktemp -d /tmp/playground-bench-journal.XXXXXX)
trap 'stop_server; rm -rf "$JOURNALS"' EXIT

# Default settings but the port, the log level and the per-client limits (BENCH_FLAGS, above).
# shellcheck disable=SC2086
"$SERVER" --port "$PORT" --log-level warning --data-dir "$JOURNALS/main" $BENCH_FLAGS >"$OUT/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 100); do curl -sf -m 1 "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
curl -sf -m 1 "http://127.0.0.1:$PORT/healthz" >/dev/null || { echo "server did not start; see $OUT/server.log" >&2; exit 1; }
echo "== server pid $SERVER_PID on 127.0.0.1:$PORT (default settings but: $BENCH_FLAGS), client $CLIENT"

run() {  # name, client args...
  local name=$1; shift
  timeout -k 5 300 "$CLIENT" "$@" --port "$PORT" --pid "$SERVER_PID" --health /healthz >"$OUT/$name.txt" 2>&1 || true
  grep '^RESULT' "$OUT/$name.txt" | tail -1 || echo "RESULT mode=$name missing=1"
  sleep 1
}
# A suspended stream whose client left is only noticed on its next write (a patch or the 15 s heartbeat): before a
# case that needs the stream budget, wait until the previous case's streams are gone.
settle() {
  for _ in $(seq 250); do
    curl -s -m 1 "http://127.0.0.1:$PORT/healthz" | grep -q '"openStreams":0,' && return 0
    sleep 0.1
  done
  echo "streams of the previous case still open after 25 s: $(curl -s -m 1 "http://127.0.0.1:$PORT/healthz")" >&2
}
val() { grep '^RESULT' "$OUT/$1.txt" | tail -1 | tr ' ' '\n' | sed -n "s/^$2=//p"; }

echo "== idle memory: $STREAMS streams held open in one room (fresh server)"
run hold hold -c "$STREAMS" --create-rooms --hold-s 5
settle
echo "== warm-up (discarded): 1,000 subscribers, 5 events"
run warmup fanout -c 1000 --create-rooms --events 5
for rep in $(seq "$REPS"); do
  echo "== fan-out: $STREAMS subscribers of one room, 20 events 100 ms apart (run $rep)"
  run "fanout$STREAMS.$rep" fanout -c "$STREAMS" --create-rooms --events 20
  settle
  echo "== fan-out: 1,000 subscribers of one room, 20 events (run $rep)"
  run "fanout1000.$rep" fanout -c 1000 --create-rooms --events 20
done
echo "== latency: one subscriber, 20 events"
run single fanout -c 1 --create-rooms --events 20 --interval-ms 50
echo "== $STREAMS streams over $((STREAMS / 10)) rooms: POSTs round-robin over every room for 3 s, every event to every stream"
settle
run spread rate -c "$STREAMS" --rooms $((STREAMS / 10)) --create-rooms --publishers 4 --seconds 3
settle
echo "== event rate: 100 rooms x 10 subscribers, 4 keep-alive publishers, 5 s"
run rate rate -c 1000 --rooms 100 --create-rooms --publishers 4 --seconds 5
echo "== slow reader: 1 stalled + 100 reading subscribers, 150 events 10 ms apart"
run slowctl fanout -c 100 --create-rooms --events 150 --interval-ms 10
run slow slow -c 100 --create-rooms --events 150 --interval-ms 10
echo "== server /healthz at the end: $(curl -s -m 2 "http://127.0.0.1:$PORT/healthz")"
stop_server

# The journal's cost (issue #15): the event-rate case on fresh servers, journal off and on in turn, so both see the
# same moments of this shared machine; the medians are compared.
# shellcheck source=Benchmarks/alternate.sh
. Benchmarks/alternate.sh
journal_rate() {  # name flags: leaves the run's events/s in $measured
  start_server "$SERVER" "$BENCH_FLAGS $2"; SERVER_PID=$server
  timeout -k 5 60 "$CLIENT" fanout -c 1000 --create-rooms --events 5 --port "$PORT" >/dev/null 2>&1 || true
  timeout -k 5 60 "$CLIENT" rate -c 1000 --rooms 100 --create-rooms --publishers 4 --seconds 4 --port "$PORT" \
    --pid "$SERVER_PID" >"$OUT/$1.txt" 2>&1 || true
  stop_server
  measured=$(grep '^RESULT' "$OUT/$1.txt" | tail -1 | field events_per_s || true)
}
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
offs=(); ons=()
for round in $(seq "$JOURNAL_ROUNDS"); do
  [ "$round" = 1 ] && echo "== event rate, journal off / on: the rate case on fresh servers, alternated $JOURNAL_ROUNDS times"
  journal_rate "journal-off.$round" "--no-journal"; off=$measured
  journal_rate "journal-on.$round" "--data-dir $JOURNALS/round$round"; on=$measured
  echo "   round $round: off ${off:-?} /s, on ${on:-?} /s"
  offs+=("${off:-0}"); ons+=("${on:-0}")
done

f=$STREAMS.1
printf '\n%-58s | %-34s | %s\n' "case (release, loopback, defaults but per-client limits)" "result" "target"
printf -- '---------------------------------------------------------- | ---------------------------------- | ------------------------------\n'
row() { printf '%-58s | %-34s | %s\n' "$1" "$2" "$3"; }
row "streams held, one room (failed connects)" "$(val hold ready) ($(val hold fail) failed)" "$STREAMS, 0 failed"
row "idle memory per open stream" "$(val hold kib_per_stream) KiB" "<= 12 KiB (nchan 10.1)"
row "fan-out $STREAMS in one room: time-to-all p50 (max)" "$(val fanout$f all_p50_ms) ms ($(val fanout$f all_max_ms) ms)" "<= faster peer (see BENCHMARKS.md)"
row "  per-subscriber p50 / p99" "$(val fanout$f p50_ms) / $(val fanout$f p99_ms) ms" ""
row "  delivered / expected, failed connects" "$(val fanout$f delivered)/$(val fanout$f expected), $(val fanout$f fail)" "all, 0"
row "  server CPU per event" "$(val fanout$f server_cpu_ms_per_event) ms" ""
row "fan-out 1,000 in one room: time-to-all p50 (max)" "$(val fanout1000.1 all_p50_ms) ms ($(val fanout1000.1 all_max_ms) ms)" "<= faster peer (see BENCHMARKS.md)"
row "  delivered / expected" "$(val fanout1000.1 delivered)/$(val fanout1000.1 expected)" "all"
row "one subscriber: POST written -> patch read, p50" "$(val single p50_ms) ms" "<= 1 ms"
row "patch frame size (EV changeBothSidesColors)" "$(val fanout$f frame_bytes) bytes" "1 KiB class"
row "$STREAMS streams over $((STREAMS / 10)) rooms: delivered / expected" "$(val spread delivered)/$(val spread expected) ($(val spread fail) failed)" "all, 0 failed"
row "event rate, 100 rooms x 10 subscribers" "$(val rate events_per_s) events/s" ">= Hummingbird peer"
row "  delivered / expected" "$(val rate delivered)/$(val rate expected)" "all"
if [ "$JOURNAL_ROUNDS" -gt 0 ]; then
  off=$(median "${offs[@]}"); on=$(median "${ons[@]}")
  row "  journal off / on, medians of $JOURNAL_ROUNDS alternated runs" "$off / $on events/s ($(awk -v a="$on" -v b="$off" 'BEGIN { printf "%.0f", (b > 0 ? 100 * a / b : 0) }') %)" "on >= 90 % of off"
fi
row "stalled subscriber dropped" "$( [ "$(val slow slow_dropped)" = 1 ] && echo yes || echo NO)" "yes"
row "  others: per-subscriber p50 with / without it" "$(val slow p50_ms) / $(val slowctl p50_ms) ms" "unchanged"
row "  others: delivered / expected" "$(val slow delivered)/$(val slow expected)" "all"
row "  server RSS before / after 150 events" "$(val slow rss_before_kb) / $(val slow rss_after_kb) KiB" "flat"
echo
# What a room costs (issue #27): SSE bytes each tab receives per kind of event, and resident memory per viewed room
# with one tab streaming (PATCH_ROOMS rooms, each from its own loopback address; 0 skips it).
PATCH_ROOMS=${PATCH_ROOMS:-200}
if [ "$PATCH_ROOMS" -gt 0 ]; then
  echo "== patches: bytes per event, and memory per viewed room with a tab streaming ($PATCH_ROOMS rooms), fresh servers"
  timeout -k 5 900 python3 Benchmarks/room-patches.py "$SERVER" --rooms "$PATCH_ROOMS" | tee "$OUT/room-patches.txt" || true
fi
# The compare page (issue #28): one shared input to the five Films implementations against one input to one of them.
echo "== compare: one shared input (five apps) vs one app's input, Benchmarks/compare-cost.py"
timeout -k 5 600 python3 Benchmarks/compare-cost.py "$SERVER" | tee "$OUT/compare-cost.txt" || true
# How soon streams closed at once free their slots (the hang-up watcher alone; test_hosting.py checks the path).
echo "== hang-ups: 5,000 streams closed at once, until openStreams is 0, Benchmarks/hang-up.py"
timeout -k 5 600 python3 Benchmarks/hang-up.py "$SERVER" --streams 5000 --rounds 3 | tee "$OUT/hang-up.txt" || true
echo "raw outputs: $OUT/*.txt"
if [ "$ROOM_COST" = 1 ]; then
  echo
  echo "== what a room costs (issue #27): Benchmarks/room-cost.py $SERVER"
  python3 -u Benchmarks/room-cost.py "$SERVER" | tee "$OUT/room-cost.txt"
fi
