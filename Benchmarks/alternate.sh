# Sourced by the scripts that measure two binaries alternately (compare-builds.sh, latency-under-load.sh):
# builds the load client, and starts a server the way both do. Callers set PORT and CLIENT first.
[ -x "$CLIENT" ] || cc -O2 -o "$CLIENT" Benchmarks/sse-bench.c

# The value of `name=` in a RESULT line on stdin.
field() { tr ' ' '\n' | sed -n "s/^$1=//p"; }

# Starts BINARY with FLAGS on $PORT ("@RUN@" in the flags becomes a new name per start), waits until it answers
# /healthz, and leaves its pid in $server.
start_server() { # binary flags
  local flags=${2//@RUN@/$$-$RANDOM$RANDOM}
  # shellcheck disable=SC2086
  "$1" --port "$PORT" --log-level warning $flags >/dev/null 2>&1 &
  server=$!
  for _ in $(seq 100); do curl -sf -m 1 "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 && break; sleep 0.1; done
}
