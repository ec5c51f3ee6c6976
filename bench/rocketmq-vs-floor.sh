#!/usr/bin/env bash
# Side by side: `mqprobe produce --driver rocketmq` vs a bare DefaultMQProducer loop (the floor on the official
# client, bench/src/main/java/io/mqprobe/bench/RocketMqProducerFloor.java) against the same embedded RocketMQ
# broker (a name server and one master), 500-byte messages: sync sends from 32 threads, then async sends from one
# thread (512 in flight for both). Prints msg/s, client CPU seconds per million messages (user+sys of the client
# JVM) and p99 (from the actual send) for each, in one run; the order of the two alternates per round.
#
#   bench/rocketmq-vs-floor.sh [--rounds N] [--warmup SECONDS] [--duration SECONDS]   (defaults: 2, 5, 20)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=2 warmup=5 duration=20
while [[ $# -gt 0 ]]; do
  case $1 in
    --rounds) rounds=$2; shift 2 ;;
    --warmup) warmup=$2; shift 2 ;;
    --duration) duration=$2; shift 2 ;;
    *) echo "usage: $0 [--rounds N] [--warmup SECONDS] [--duration SECONDS]" >&2; exit 2 ;;
  esac
done
export MQPROBE_HOME=$(mktemp -d)     # a private embedded cluster, never a user's
cp="bench/target/lib/*:bench/target/classes"
jvm=(java -Xms512m -Xmx2g -XX:+UseParallelGC -Dmqprobe.home="$MQPROBE_HOME")
mqprobe=("${jvm[@]}" -cp "$cp" io.mqprobe.cli.Main)
trap '"${mqprobe[@]}" cluster down --driver rocketmq >/dev/null 2>&1 || true; rm -rf "$MQPROBE_HOME"' EXIT

if [[ -z "${SKIP_BUILD:-}" ]]; then
  echo "building ..." >&2
  mvn -q -B -DskipTests install >/tmp/mqprobe-bench-build.log 2>&1 || { cat /tmp/mqprobe-bench-build.log; exit 1; }
fi

"${mqprobe[@]}" cluster up --driver rocketmq --brokers 1 >&2
namesrv=$("${mqprobe[@]}" cluster status --driver rocketmq | sed -n 's/^bootstrap *//p' | head -1)
[[ -n "$namesrv" ]] || { echo "could not read the embedded name server's address" >&2; exit 1; }
topic="mqprobe-bench-$RANDOM"
# creates the topic (8 queues) and warms the broker up
"${mqprobe[@]}" produce --driver rocketmq --topic "$topic" --create-topic --partitions 8 --keep-topics \
    --record-size 500 --num-records 50000 --no-monitor --out "$MQPROBE_HOME/warm" >/dev/null 2>&1

# one CPU-seconds figure (user+sys) of a command, its stdout kept in $out
run_timed() {
  local tf; tf=$(mktemp)
  out=$(/usr/bin/time -f "%U %S" -o "$tf" "$@" 2>/dev/null) || true
  cpu=$(awk '{print $1+$2}' "$tf"); rm -f "$tf"
}

printf "\n%-22s %-8s %10s %16s %10s %8s\n" "mode" "tool" "msg/s" "CPU s / M msgs" "p99 ms" "failed"
for mode in sync async; do
  if [[ $mode == sync ]]; then threads=32; props="sendMode=sync"; flags=(--sync --threads 32); else threads=1; props="sendMode=async"; flags=(--threads 1); fi
  for ((r = 0; r < rounds; r++)); do
    if (( r % 2 == 0 )); then order="floor mqprobe"; else order="mqprobe floor"; fi
    for tool in $order; do
      if [[ $tool == floor ]]; then
        run_timed "${jvm[@]}" -cp "$cp" io.mqprobe.bench.RocketMqProducerFloor "$namesrv" "$topic" "$mode" "$threads" 500 "$warmup" "$duration"
        line=$(grep '^floor' <<<"$out" | tail -1)
        msgs=$(sed -E 's/.*: ([0-9]+) msgs.*/\1/' <<<"$line")
        rate=$(sed -E 's/.* ([0-9]+) msg\/s.*/\1/' <<<"$line")
        p99=$(sed -E 's/.*p99 ([0-9.]+) ms.*/\1/' <<<"$line")
        failed=$(sed -E 's/.*, ([0-9]+) failed.*/\1/' <<<"$line")
      else
        json="$MQPROBE_HOME/run-$mode-$r.json"
        run_timed "${mqprobe[@]}" produce --driver rocketmq --bootstrap "$namesrv" --topic "$topic" --record-size 500 \
            "${flags[@]}" --producer-props "$props" --warmup "${warmup}s" --duration "$((warmup + duration))s" \
            --no-monitor --format rocketmq-benchmark --json "$json" --out "$MQPROBE_HOME/out"
        read -r msgs rate p99 failed < <(python3 -c "
import json,sys; s=json.load(open('$json'))['scenarios'][0]['steps'][0]
print(s['records'], round(s['recordsPerSecond']), round(s['serviceLatencyUs']['p99']/1000, 2), sum(s['errors'].values()))")
      fi
      # the whole client JVM's CPU, warm-up included, over the messages of the measured window only: both pay it alike
      per_m=$(awk -v c="$cpu" -v m="$msgs" 'BEGIN{ if (m > 0) printf "%.1f", c/m*1e6; else print "-" }')
      printf "%-22s %-8s %10s %16s %10s %8s\n" "$mode $threads thr 500 B" "$tool" "$rate" "$per_m" "$p99" "$failed"
    done
  done
done
echo
echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, $(uname -sr); broker and clients share the cores; load average $(cut -d' ' -f1-3 /proc/loadavg)."
