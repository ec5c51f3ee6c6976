#!/usr/bin/env bash
# Where a load generator's CPU goes, thread by thread: the bare KafkaProducer loop (io.mqprobe.bench.BareProducer)
# and `mqprobe produce` (1 client, unthrottled or paced at --rate), alternating over rounds against one private embedded broker.
# Each client JVM's threads are read from /proc/<pid>/task/*/stat (utime + stime) every 0.2 s until it exits; the
# table sums them by thread name (digits stripped): the per-record work is the sender thread(s) and the producer's
# I/O thread; JIT compiler, start-up (the "java" main thread: option parsing, report rendering) and GC are per run.
#
# Paced, the sender thread's CPU is mostly its wake-ups: the floor parks once per record, mqprobe at most once a
# millisecond.
#
#   bench/client-threads.sh [--records N] [--rounds R] [--size BYTES] [--rate RECORDS_PER_S] [--no-build]
#   defaults: 2000000 2 1024, unthrottled
set -euo pipefail
cd "$(dirname "$0")/.."
records=2000000 rounds=2 size=1024 rate=0 build=1
source bench/args.sh
while [[ $# -gt 0 ]]; do
  case $1 in
    --records) records=$(value_of "$@"); shift 2 ;;
    --rounds) rounds=$(value_of "$@"); shift 2 ;;
    --size) size=$(value_of "$@"); shift 2 ;;
    --rate) rate=$(value_of "$@"); shift 2 ;;
    --no-build) build=0; shift ;;
    *) echo "unknown option $1 (see the header of $0)" >&2; exit 2 ;;
  esac
done
source bench/lib.sh
results=$(mktemp)
trap '"${mqprobe[@]}" cluster down >/dev/null 2>&1 || true; rm -rf "$MQPROBE_HOME" "$results"' EXIT
[[ $build == 1 ]] && build_bench /tmp/mqprobe-client-threads-build.log
"${broker_pin[@]}" "${mqprobe[@]}" cluster up --brokers 1 >&2
bootstrap=$("${mqprobe[@]}" cluster status | sed -n 's/^bootstrap *//p' | head -1)
topic="mqprobe-threads-$RANDOM"
"${mqprobe[@]}" produce --bootstrap "$bootstrap" --topic "$topic" --create-topic \
    --partitions 8 --replication-factor 1 --num-records 20000 --no-monitor --out /tmp/mqprobe-threads-warm >/dev/null 2>&1

# sample TOOL: runs it, appends "tool thread-name cpu-seconds" lines for each thread group to $results
sample() {
  local tool=$1 pid
  case $tool in
    floor) "${client_pin[@]}" "${jvm[@]}" -cp "$cp" io.mqprobe.bench.BareProducer "$bootstrap" "$topic" "$records" "$size" "$rate" 1 acks=1 \
               >/tmp/mqprobe-client-threads-$tool.log 2>&1 & ;;
    mqprobe) "${client_pin[@]}" "${mqprobe[@]}" produce --bootstrap "$bootstrap" --topic "$topic" \
               --num-records "$records" --record-size "$size" --throughput "$([[ $rate == 0 ]] && echo -1 || echo "$rate")" --clients 1 --warmup 0s --no-monitor \
               --format perf-test --out /tmp/mqprobe-threads-run --producer-props acks=1 >/tmp/mqprobe-client-threads-$tool.log 2>&1 & ;;
  esac
  pid=$!
  declare -A last=()
  while kill -0 "$pid" 2>/dev/null; do
    for t in /proc/$pid/task/*; do
      local stat name
      stat=$(cat "$t/stat" 2>/dev/null) || continue
      name=$( { tr -d '0-9' <"$t/comm"; } 2>/dev/null | sed 's/ *$//; s/ /_/g') || continue
      [[ -n $name ]] || continue
      set -- ${stat##*) }
      last[${t##*/}]="$name $(( ${12} + ${13} ))"
    done
    sleep 0.2
  done
  if ! wait "$pid"; then
    echo "  $tool failed, left out of the table: $(tail -1 /tmp/mqprobe-client-threads-$tool.log)" >&2
    return 0
  fi
  for k in "${!last[@]}"; do echo "${last[$k]}"; done \
    | awk -v t="$clk_tck" -v tool="$tool" '{s[$1] += $2} END {for (n in s) printf "%s %s %.2f\n", tool, n, s[n] / t}' >>"$results"
}

for ((round = 1; round <= rounds; round++)); do
  order=(floor mqprobe); ((round % 2 == 0)) && order=(mqprobe floor)
  for tool in "${order[@]}"; do echo "round $round: $tool" >&2; sample "$tool"; done
done

echo
echo "client threads: $records records × $size B, 1 client, $([[ $rate == 0 ]] && echo unthrottled || echo "paced at $rate records/s"), acks=1, 8 partitions; CPU seconds per run (mean of $rounds rounds)"
awk -v rounds="$rounds" -v n="$records" '
  { name = $2
    if (name ~ /-send-$/) name = "sender thread"
    else if (name ~ /^kafka-producer-/) name = "producer I/O thread"
    else if (name ~ /CompilerThre/) name = "JIT compilers"
    else if (name == "java") name = "main (start-up, report)"
    cpu[name, $1] += $3; names[name] = 1; total[$1] += $3
    if (name ~ /^(sender|producer I\/O) thread$/) hot[$1] += $3 }
  END {
    printf "%-28s %9s %9s %7s\n", "thread", "floor", "mqprobe", "ratio"
    for (t in names) if (cpu[t, "floor"] + cpu[t, "mqprobe"] >= 0.05 * rounds)
      printf "%-28s %9.2f %9.2f %7s\n", t, cpu[t, "floor"] / rounds, cpu[t, "mqprobe"] / rounds,
          (cpu[t, "floor"] > 0 ? sprintf("%.2f", cpu[t, "mqprobe"] / cpu[t, "floor"]) : "-")
    printf "%-28s %9.2f %9.2f %7.2f\n", "per-record threads", hot["floor"] / rounds, hot["mqprobe"] / rounds, hot["mqprobe"] / hot["floor"]
    printf "%-28s %9.2f %9.2f %7.2f\n", "whole process", total["floor"] / rounds, total["mqprobe"] / rounds, total["mqprobe"] / total["floor"]
    printf "per-record threads, µs per record: floor %.2f, mqprobe %.2f\n", hot["floor"] / rounds / n * 1e6, hot["mqprobe"] / rounds / n * 1e6
  }' "$results"
machine_line
