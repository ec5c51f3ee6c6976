#!/usr/bin/env bash
# Side by side: `mqprobe produce --driver rocketmq` vs a bare DefaultMQProducer loop (the floor on the official
# client, bench/src/main/java/io/mqprobe/bench/RocketMqProducerFloor.java) against the same embedded RocketMQ
# broker (a name server and one master), 500-byte messages: sync sends from 32 threads, then async sends from one
# thread (512 in flight for both). The broker is pinned to core 0 and the clients to core 1 (taskset) when there
# are 2+ cores; the order of the two tools alternates per round.
# Prints msg/s, p99 (from the actual send), failed sends and two CPU figures of the client JVM (user + sys, from
# /proc/PID/stat sampled every 0.1 s): per million messages over the measured window only (steady state, what a
# message costs), and for the whole run (start-up, JIT, warm-up and report included).
#
#   bench/rocketmq-vs-floor.sh [--rounds N] [--warmup SECONDS] [--duration SECONDS] [--no-build]   (defaults: 2, 5, 20)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=2 warmup=5 duration=20 build=1
source bench/args.sh
while [[ $# -gt 0 ]]; do
  case $1 in
    --rounds) rounds=$(value_of "$@"); shift 2 ;;
    --warmup) warmup=$(value_of "$@"); shift 2 ;;
    --duration) duration=$(value_of "$@"); shift 2 ;;
    --no-build) build=0; shift ;;
    *) echo "usage: $0 [--rounds N] [--warmup SECONDS] [--duration SECONDS] [--no-build]" >&2; exit 2 ;;
  esac
done
source bench/lib.sh
out=$(mktemp) trace=$(mktemp)
trap '"${mqprobe[@]}" cluster down --driver rocketmq >/dev/null 2>&1 || true; rm -rf "$MQPROBE_HOME" "$out" "$trace"' EXIT
[[ $build == 1 ]] && build_bench /tmp/mqprobe-bench-build.log

"${broker_pin[@]}" "${mqprobe[@]}" cluster up --driver rocketmq --brokers 1 >&2
namesrv=$("${mqprobe[@]}" cluster status --driver rocketmq | sed -n 's/^bootstrap *//p' | head -1)
[[ -n "$namesrv" ]] || { echo "could not read the embedded name server's address" >&2; exit 1; }
topic="mqprobe-bench-$RANDOM"
# creates the topic (8 queues) and warms the broker up
"${mqprobe[@]}" produce --driver rocketmq --topic "$topic" --create-topic --partitions 8 --keep-topics \
    --record-size 500 --num-records 50000 --no-monitor --out "$MQPROBE_HOME/warm" >/dev/null 2>&1

printf "\n%-18s %-8s %9s %8s %7s %18s %15s\n" "mode" "tool" "msg/s" "p99 ms" "failed" "window CPU-s / M" "whole run CPU-s"
for mode in sync async; do
  if [[ $mode == sync ]]; then threads=32; flags=(--sync --threads 32); else threads=1; flags=(--threads 1); fi
  for ((r = 0; r < rounds; r++)); do
    if (( r % 2 == 0 )); then order="floor mqprobe"; else order="mqprobe floor"; fi
    for tool in $order; do
      if [[ $tool == floor ]]; then
        run_traced "$out" "$trace" "${client_pin[@]}" "${jvm[@]}" -cp "$cp" io.mqprobe.bench.RocketMqProducerFloor "$namesrv" "$topic" \
            "$mode" "$threads" 500 "$warmup" "$duration" || true
        line=$(grep '^floor' "$out" | tail -1)
        [[ -n $line ]] || { echo "  floor $mode failed, left out" >&2; continue; }
        read -r msgs rate p99 failed from to < <(sed -E \
            's/.*: ([0-9]+) msgs, ([0-9]+) msg\/s, p99 ([0-9.]+) ms, ([0-9]+) failed, window ([0-9]+) ([0-9]+).*/\1 \2 \3 \4 \5 \6/' <<<"$line")
      else
        json="$MQPROBE_HOME/run-$mode-$r.json"
        run_traced "$out" "$trace" "${client_pin[@]}" "${mqprobe[@]}" produce --driver rocketmq --bootstrap "$namesrv" --topic "$topic" \
            --record-size 500 "${flags[@]}" --producer-props "sendMode=$mode" --warmup "${warmup}s" \
            --duration "$((warmup + duration))s" --no-monitor --format rocketmq-benchmark --json "$json" --out "$MQPROBE_HOME/out" || true
        [[ -s $json ]] || { echo "  mqprobe $mode failed, left out" >&2; continue; }
        read -r msgs rate p99 failed from to < <(python3 -c "
import json, datetime
s = json.load(open('$json'))['scenarios'][0]['steps'][0]
start = datetime.datetime.fromisoformat(s['startedAt'].replace('Z', '+00:00')).timestamp() * 1000 + s['warmupMs']
print(s['records'], round(s['recordsPerSecond']), round(s['serviceLatencyUs']['p99'] / 1000, 2), sum(s['errors'].values()),
      round(start), round(start + s['measuredMs']))")
      fi
      window=$(cpu_between "$trace" "$from" "$to") whole=$(whole_cpu "$trace")
      printf "%-18s %-8s %9s %8s %7s %18s %15s\n" "$mode $threads thr" "$tool" "$rate" "$p99" "$failed" \
          "$(awk -v c="$window" -v m="$msgs" 'BEGIN{ if (m > 0) printf "%.1f", c/m*1e6; else print "-" }')" "$whole"
    done
  done
done
echo
machine_line
