#!/bin/bash
# Two playground servers loaded at the same time: each gets the rate case (100 rooms x 10 subscribers, 4 keep-alive
# publishers, 6 s) from its own load client, both runs overlapping, so whatever else this shared machine does
# slows both alike. Prints each server's event rate and CPU per event, and their ratio, per round.
#   Benchmarks/at-once.sh BINARY_A BINARY_B [ROUNDS=3]
# FLAGS_A="…" / FLAGS_B="…" go to the servers ("@RUN@" in them becomes a new name per start, as in
# compare-builds.sh); the per-client limits are lifted for this one-address load. Two servers cannot share one
# journal: give each its own data directory (or --no-journal).
# e.g. FLAGS_A="--no-journal" FLAGS_B="--data-dir /tmp/bench-journal-@RUN@" Benchmarks/at-once.sh P P 5
# Loopback only; every client run is bounded by timeout(1); stops its servers by pid.
set -u
cd "$(dirname "$0")/.."
A=$1; B=$2; N=${3:-3}; CLIENT=${CLIENT:-/tmp/sse-bench}; PORT_A=${PORT_A:-18131}; PORT_B=${PORT_B:-18132}
PORT=$PORT_A
# shellcheck source=Benchmarks/alternate.sh
. Benchmarks/alternate.sh
LIFTED="--max-connections-per-client 0 --max-streams-per-client 0 --events-per-client-per-second 0"
pa=""; pb=""
trap '[ -n "$pa$pb" ] && kill -TERM $pa $pb 2>/dev/null' EXIT  # an interrupted round leaves no server behind
trap 'exit 130' INT TERM
for round in $(seq "$N"); do
  PORT=$PORT_A; start_server "$A" "$LIFTED ${FLAGS_A:-}"; pa=$server
  PORT=$PORT_B; start_server "$B" "$LIFTED ${FLAGS_B:-}"; pb=$server
  for port in "$PORT_A" "$PORT_B"; do
    curl -sf -m 1 "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 || {
      echo "the server on port $port did not start; two servers cannot share one journal: give each its own" \
        "(--no-journal, or --data-dir /tmp/bench-journal-@RUN@)" >&2; exit 1; }
  done
  for port in "$PORT_A" "$PORT_B"; do  # warm-up, discarded
    timeout 60 "$CLIENT" fanout -c 1000 --create-rooms --events 5 --port "$port" >/dev/null 2>&1
  done
  timeout 60 "$CLIENT" rate -c 1000 --rooms 100 --create-rooms --publishers 4 --seconds 6 --port "$PORT_A" --pid "$pa" \
    >/tmp/at-once-a.txt 2>&1 &
  client=$!
  timeout 60 "$CLIENT" rate -c 1000 --rooms 100 --create-rooms --publishers 4 --seconds 6 --port "$PORT_B" --pid "$pb" \
    >/tmp/at-once-b.txt 2>&1
  wait "$client"
  kill -TERM "$pa" "$pb"; wait "$pa" "$pb" 2>/dev/null; pa=""; pb=""
  ra=$(grep '^RESULT' /tmp/at-once-a.txt | field events_per_s); rb=$(grep '^RESULT' /tmp/at-once-b.txt | field events_per_s)
  echo "round $round A events_per_s=$ra cpu_ms_per_event=$(grep '^RESULT' /tmp/at-once-a.txt | field server_cpu_ms_per_event)" \
    "B events_per_s=$rb cpu_ms_per_event=$(grep '^RESULT' /tmp/at-once-b.txt | field server_cpu_ms_per_event)" \
    "B/A=$(awk -v a="${ra:-0}" -v b="${rb:-0}" 'BEGIN { printf "%.2f", (a > 0 ? b / a : 0) }')"
done
