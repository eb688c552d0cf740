#!/bin/bash
# The side-by-side sitting of BENCHMARKS.md: nginx+nchan, the Hummingbird peer and the playground, measured
# with ../shared/bench's meter, each warmed by one discarded 1,000-subscriber run, then alternately
# (nchan, Hummingbird, playground) at 10,000, 1,000 and 1 subscribers, twice; then the event rate. Prints one line
# per run. Env: SIZES="10000 1000 1" REPS=2 SERVERS="nchan hb pg" EVENT_RATE=1 (0 skips the event rate)
# RATE_REPS=5 (alternating Hummingbird/playground rate pairs, compared by median), e.g.
#   SIZES=1000 REPS=3 SERVERS="nchan pg" EVENT_RATE=0 bash Benchmarks/side-by-side.sh
#   SIZES=" " bash Benchmarks/side-by-side.sh     # the event rate only (after the discarded warm-up runs)
# Needs (once): (cd ../shared && bench/build.sh /tmp/sse-fanout); apt-get install -y nginx-light libnginx-mod-nchan;
#   cp -r ../shared/bench/peers/hummingbird-sse /tmp/hb-peer && (cd /tmp/hb-peer && swift build -c release);
#   swift build -c release --product playground
# Loopback only; every run is bounded by timeout(1); it stops the three servers it started.
set -u
cd "$(dirname "$0")/.."
ulimit -n "$(ulimit -Hn)"
SH=${SHARED:-../shared}/bench
BIN=${BIN:-/tmp/sse-fanout}
PG=$(swift build -c release --show-bin-path)/playground
OUT=${OUT:-/tmp/playground-side-by-side}
mkdir -p "$OUT"
$SH/nchan/run.sh >/dev/null
/tmp/hb-peer/.build/release/hummingbird-sse --port 18081 --backlog 4096 >$OUT/hb.log 2>&1 & HB=$!
# One load client on one address: the per-client limits are lifted, as in `make bench` (Benchmarks/run.sh).
$PG --port 18090 --log-level warning --max-connections-per-client 0 --max-streams-per-client 0 \
  --events-per-client-per-second 0 >$OUT/pg.log 2>&1 & PGP=$!
sleep 3
ROOM=$(curl -s -o /dev/null -w '%{redirect_url}' http://127.0.0.1:18090/ | sed 's#.*/rooms/##')
NCP=$($SH/nchan/run.sh pids)
run() { # server N
  local s=$1 n=$2 out=$OUT/$1.$2.$RANDOM.txt
  case $s in
   nchan) timeout 150 $BIN -c $n --subscribe http://127.0.0.1:18080/sub/0 --publish http://127.0.0.1:18080/pub/0 --body-file $SH/body-1k.html --content-type text/html --marker 'seq {seq}' --events 20 --interval-ms 100 --timeout-s 120 --pid "$NCP" >$out 2>&1;;
   hb) timeout 150 $BIN -c $n --subscribe http://127.0.0.1:18081/rooms/0/stream --publish http://127.0.0.1:18081/rooms/0/events --body '{"event":"changeBothSidesColors"}' --content-type application/json --events 20 --interval-ms 100 --timeout-s 120 --pid $HB >$out 2>&1;;
   pg) timeout 150 $BIN -c $n --subscribe http://127.0.0.1:18090/rooms/$ROOM/stream --publish http://127.0.0.1:18090/rooms/$ROOM/events --body '{"app":"ev","event":"changeBothSidesColors"}' --content-type application/json --events 20 --interval-ms 100 --timeout-s 120 --pid $PGP >$out 2>&1
       curl -s -o /dev/null -X POST -H 'Content-Type: application/json' -d '{"app":"ev","event":"changeBothSidesColors"}' http://127.0.0.1:18090/rooms/$ROOM/events
       curl -s -o /dev/null -X POST -H 'Content-Type: application/json' -d '{"app":"ev","event":"changeBothSidesColors"}' http://127.0.0.1:18090/rooms/$ROOM/events;;
  esac
  echo "$s n=$n $(grep '^RESULT' $out | tr ' ' '\n' | grep -E '^(delivered|expected|fail|p50_ms|all_p50_ms|all_p99_ms)=' | tr '\n' ' ')"
  sleep 2
}
SIZES=${SIZES:-10000 1000 1}; REPS=${REPS:-2}; SERVERS=${SERVERS:-nchan hb pg}
for s in $SERVERS; do run $s 1000 >/dev/null; done   # warm-up, discarded
for rep in $(seq "$REPS"); do for n in $SIZES; do for s in $SERVERS; do run $s $n; done; done; done
# Event rate, our own client (nchan has no rooms API to post into): Hummingbird and the playground alternately.
RATE=${RATE_CLIENT:-/tmp/sse-bench}
[ -x "$RATE" ] || cc -O2 -o "$RATE" Benchmarks/sse-bench.c
rate() { # server
  local out=$OUT/rate.$1.$RANDOM.txt
  case $1 in
   hb) timeout 60 stdbuf -oL $RATE rate -c 1000 --rooms 100 --publishers 4 --seconds 5 --port 18081 --body '{"event":"changeBothSidesColors"}' --pid $HB >$out 2>&1;;
   pg) timeout 60 stdbuf -oL $RATE rate -c 1000 --rooms 100 --create-rooms --publishers 4 --seconds 5 --port 18090 --pid $PGP >$out 2>&1;;
  esac
  echo "rate $1 $(grep '^RESULT' $out | tr ' ' '\n' | grep -E '^(events_per_s|delivered|expected|server_cpu_ms_per_event)=' | tr '\n' ' ')"
  sleep 17  # the closed subscribers are reaped by the next heartbeat (15 s) before the next run
}
# Single rate runs swing by up to ~1.5x on this shared machine (everything in the profile slows alike), so the
# rate is measured in RATE_REPS alternating pairs and compared by median.
if [ "${EVENT_RATE:-1}" != 0 ]; then
  for rep in $(seq "${RATE_REPS:-5}"); do rate hb; rate pg; done | tee $OUT/rates.txt
  median() { grep "^rate $1 " $OUT/rates.txt | tr ' ' '\n' | sed -n 's/^events_per_s=//p' | sort -n | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
  HBM=$(median hb); PGM=$(median pg)
  echo "rate median: hb $HBM, pg $PGM events/s; pg/hb = $(awk -v a="$PGM" -v b="$HBM" 'BEGIN {printf "%.2f", a/b}')"
fi
# The Hummingbird peer can ignore SIGTERM while streams are open: give both servers 10 s, then SIGKILL.
kill -TERM $HB $PGP 2>/dev/null
for _ in $(seq 100); do kill -0 $HB 2>/dev/null || kill -0 $PGP 2>/dev/null || break; sleep 0.1; done
kill -KILL $HB $PGP 2>/dev/null; wait $HB $PGP 2>/dev/null; $SH/nchan/run.sh stop >/dev/null
