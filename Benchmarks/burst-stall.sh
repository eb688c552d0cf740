#!/bin/bash
# Fresh server, one burst of 1,000 subscribers (our client connects 256 at a time), ROUNDS times: reports each
# round whose burst was not all served within 10 s, and how many server sockets then held an unread request.
# This is how libmicrohttpd 0.9.75's epoll mode was caught losing a whole batch (docs/internals.md, "Rooms and the executor").
#   Benchmarks/burst-stall.sh [BINARY=.build/release/playground] [ROUNDS=16]
# Loopback only; each client run is bounded by timeout(1); stops every server it started.
set -u
cd "$(dirname "$0")/.."
ulimit -n "$(ulimit -Hn)"
BIN=${1:-.build/release/playground}; ROUNDS=${2:-16}; PORT=${PORT:-18112}; CLIENT=${CLIENT:-/tmp/sse-bench}
[ -x "$CLIENT" ] || cc -O2 -o "$CLIENT" Benchmarks/sse-bench.c
stalled=0
for round in $(seq "$ROUNDS"); do
  "$BIN" --port "$PORT" --log-level warning >/dev/null 2>&1 & pid=$!
  for _ in $(seq 100); do curl -sf -m 1 "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
  timeout 30 "$CLIENT" fanout -c 1000 --create-rooms --events 5 --port "$PORT" >/dev/null 2>&1 & client=$!
  sleep 10
  if kill -0 "$client" 2>/dev/null; then
    unread=$(ss -tn state established "( sport = :$PORT )" | awk 'NR > 1 && $1 > 0' | wc -l)
    echo "round $round: burst not served after 10 s; $unread server sockets hold an unread request"
    stalled=$((stalled + 1))
  fi
  wait "$client" 2>/dev/null
  kill -TERM "$pid"; wait "$pid" 2>/dev/null
done
echo "stalled bursts: $stalled of $ROUNDS"
