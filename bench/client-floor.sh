#!/usr/bin/env bash
# The client floor: a bare KafkaProducer loop (one reused record, no callback), `mqprobe produce` (its real load
# engine) and Kafka's ProducerPerformance (kafka-tools 4.1.1) against the same embedded broker in one run, tools
# alternating within each round. Unthrottled and paced at 25 / 50 / 100 % of the floor's unthrottled rate, with 1
# and N clients. The broker is pinned to core 0 and the clients to core 1 (taskset) when there are 2+ cores.
# Prints records/s, client CPU seconds per million records in the steady state (the median, over the run's
# seconds, of the cores the client JVM used outside its JIT compiler threads — user+sys from /proc every 0.1 s —
# divided by its records/s: start-up and the report are a few seconds of a run and fall outside the median; JIT
# compilation is per-run work that spreads over tens of seconds at low rates, printed in its own column), the
# whole run's CPU seconds, service-latency p50/p95/p99 (ms, from the actual send, as ProducerPerformance
# measures it), and each figure's ratio to the floor and to ProducerPerformance.
#
#   bench/client-floor.sh [--records N] [--paced-seconds S] [--clients N] [--rounds R] [--size BYTES]
#                         [--props "acks=1 linger.ms=5"] [--no-build]
#   defaults: 500000 records unthrottled, 20 s per paced run, N=4, 1 round, 1024 B, acks=1  (about 10 minutes a round)
set -euo pipefail
cd "$(dirname "$0")/.."
records=500000 paced_s=20 nclients=4 rounds=1 size=1024 props="acks=1" build=1
source bench/args.sh
while [[ $# -gt 0 ]]; do
  case $1 in
    --records) records=$(value_of "$@"); shift 2 ;;
    --paced-seconds) paced_s=$(value_of "$@"); shift 2 ;;
    --clients) nclients=$(value_of "$@"); shift 2 ;;
    --rounds) rounds=$(value_of "$@"); shift 2 ;;
    --size) size=$(value_of "$@"); shift 2 ;;
    --props) props=$(value_of "$@"); shift 2 ;;
    --no-build) build=0; shift ;;
    *) echo "unknown option $1 (see the header of $0)" >&2; exit 2 ;;
  esac
done
source bench/lib.sh
results=$(mktemp) out=$(mktemp) trace=$(mktemp)
tools_log=/tmp/mqprobe-client-floor-tools.log
trap '"${mqprobe[@]}" cluster down >/dev/null 2>&1 || true; rm -rf "$MQPROBE_HOME" "$results" "$out" "$trace"' EXIT
[[ $build == 1 ]] && build_bench /tmp/mqprobe-client-floor-build.log
"${broker_pin[@]}" "${mqprobe[@]}" cluster up --brokers 1 >&2
bootstrap=$("${mqprobe[@]}" cluster status | sed -n 's/^bootstrap *//p' | head -1)
[[ -n "$bootstrap" ]] || { echo "could not read the embedded cluster's bootstrap" >&2; exit 1; }
topic="mqprobe-floor-$RANDOM"
# creates the topic and warms the broker up: a cold broker would slow whichever tool runs first, and the floor's
# first unthrottled rate sets the paced ones
"${mqprobe[@]}" produce --bootstrap "$bootstrap" --topic "$topic" --create-topic \
    --partitions 8 --replication-factor 1 --num-records 500000 --no-monitor --out /tmp/mqprobe-floor-warm >/dev/null 2>&1

# run TOOL CLIENTS RATE(0=unthrottled) RECORDS SCENARIO -> appends "scenario tool clients rps cpu_per_m whole_cpu jit_cpu p50 p95 p99"
run() {
  local tool=$1 clients=$2 rate=$3 n=$4 scenario=$5 throughput rc=0
  throughput=$([[ $rate == 0 ]] && echo -1 || echo "$rate")
  case $tool in
    floor) run_traced "$out" "$trace" "${client_pin[@]}" "${jvm[@]}" -cp "$cp" io.mqprobe.bench.BareProducer \
               "$bootstrap" "$topic" "$n" "$size" "$rate" "$clients" $props || rc=$? ;;
    mqprobe) run_traced "$out" "$trace" "${client_pin[@]}" "${mqprobe[@]}" produce \
               --bootstrap "$bootstrap" --topic "$topic" --num-records "$n" --record-size "$size" \
               --throughput "$throughput" --clients "$clients" --warmup 0s \
               --no-monitor --format perf-test --out /tmp/mqprobe-floor-run --producer-props $props || rc=$? ;;
    perf) run_traced "$out" "$trace" "${client_pin[@]}" "${jvm[@]}" -cp "$cp" org.apache.kafka.tools.ProducerPerformance \
               --topic "$topic" --num-records "$n" --record-size "$size" --throughput "$throughput" \
               --producer-props bootstrap.servers="$bootstrap" $props || rc=$? ;;
  esac
  if [[ $rc != 0 ]]; then
    echo "  $scenario $tool ×$clients: exit code $rc, left out (rerun it by hand to see why)" >&2
    return 0
  fi
  local line rps p50=- p95=- p99=- cores whole jit
  line=$(tail -1 "$out")
  rps=$(sed -E 's/^[0-9]+ records sent, ([0-9.]+) records\/sec.*/\1/' <<<"$line")
  if [[ $line =~ ([0-9]+)\ ms\ 50th,\ ([0-9]+)\ ms\ 95th,\ ([0-9]+)\ ms\ 99th ]]; then
    p50=${BASH_REMATCH[1]} p95=${BASH_REMATCH[2]} p99=${BASH_REMATCH[3]}
  fi
  cores=$(steady_cores "$trace") whole=$(whole_cpu "$trace") jit=$(jit_cpu "$trace")
  printf "%s %s %s %s %s %s %s %s %s %s\n" "$scenario" "$tool" "$clients" "$rps" \
      "$(awk -v c="$cores" -v r="$rps" 'BEGIN{printf "%.2f", c / r * 1e6}')" "$whole" "$jit" "$p50" "$p95" "$p99" >>"$results"
  echo "  $scenario $tool ×$clients: $rps rec/s, $cores cores steady, $whole CPU-s in all, $jit of them JIT" >&2
}

for ((round = 1; round <= rounds; round++)); do
  echo "round $round: unthrottled" >&2
  order=(floor mqprobe perf); ((round % 2 == 0)) && order=(perf mqprobe floor)
  for tool in "${order[@]}"; do run "$tool" 1 0 "$records" "unthrottled"; done
  for tool in floor mqprobe; do run "$tool" "$nclients" 0 "$records" "unthrottled"; done
done
# the floor's unthrottled maximum (mean over rounds) sets the paced rates
max=$(awk '$1=="unthrottled" && $2=="floor" && $3==1 {s+=$4; n++} END{printf "%.0f", s/n}' "$results")
for pct in 25 50 100; do
  rate=$(awk -v m="$max" -v p="$pct" 'BEGIN{printf "%.0f", m*p/100}')
  n=$(awk -v r="$rate" -v s="$paced_s" 'BEGIN{printf "%.0f", r*s}')
  for ((round = 1; round <= rounds; round++)); do
    echo "round $round: paced $pct % = $rate rec/s" >&2
    order=(floor mqprobe perf); ((round % 2 == 0)) && order=(perf mqprobe floor)
    for tool in "${order[@]}"; do run "$tool" 1 "$rate" "$n" "paced-$pct%"; done
    for tool in floor mqprobe; do run "$tool" "$nclients" "$rate" "$n" "paced-$pct%"; done
  done
done

echo
echo "client floor: $records records unthrottled, ${paced_s} s paced runs, ${size} B, 8 partitions, $props; floor max $max rec/s"
awk '
  function key(s, t, c) { return s SUBSEP t SUBSEP c }
  { k = key($1, $2, $3); n[k]++; rps[k] += $4; cpu[k] += $5; whole[k] += $6; jit[k] += $7
    if ($8 != "-") { p50[k] += $8; p95[k] += $9; p99[k] += $10; lat[k]++ }
    if (!(k in seen)) { seen[k] = 1; order[++rows] = k } }
  function ms(v, k) { return (k in lat) ? sprintf("%.0f", v / lat[k]) : "-" }
  function ratio(a, b) { return (b > 0) ? sprintf("%.2f", a / b) : "-" }
  END {
    printf "%-13s %-8s %3s %11s %9s %7s %6s %14s %9s %9s %9s %9s\n", "scenario", "tool", "cl", "records/s", "CPU-s/M",
        "run s", "JIT s", "svc p50/95/99", "CPU/floor", "CPU/perf", "p95/perf", "p99/perf"
    for (i = 1; i <= rows; i++) {
      k = order[i]; split(k, f, SUBSEP)
      fl = key(f[1], "floor", f[3]); pf = key(f[1], "perf", 1)
      c = cpu[k] / n[k]
      cf = (fl in n) ? cpu[fl] / n[fl] : 0; cp = (pf in n) ? cpu[pf] / n[pf] : 0
      lp = (k in lat) ? ms(p50[k], k) "/" ms(p95[k], k) "/" ms(p99[k], k) : "-"
      q95 = (k in lat && pf in lat) ? ratio(p95[k] / lat[k], p95[pf] / lat[pf]) : "-"
      q99 = (k in lat && pf in lat) ? ratio(p99[k] / lat[k], p99[pf] / lat[pf]) : "-"
      printf "%-13s %-8s %3s %11.0f %9.2f %7.1f %6.1f %14s %9s %9s %9s %9s\n", f[1], f[2], f[3], rps[k] / n[k], c,
          whole[k] / n[k], jit[k] / n[k], lp, ratio(c, cf), ratio(c, cp), q95, q99
    }
  }' "$results"
echo "CPU-s/M: steady state, JIT compiler threads excluded (median cores over the run's seconds / records per second);" \
     "run s: the whole run's CPU seconds; JIT s: its C1/C2 compiler threads' part of them"
machine_line
