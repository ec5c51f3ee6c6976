#!/usr/bin/env bash
# The client floor: a bare KafkaProducer loop (one reused record, no callback), `mqprobe produce` (its real load
# engine) and Kafka's ProducerPerformance (kafka-tools 4.1.1) against the same embedded broker in one run, tools
# alternating within each round. Unthrottled and paced at 25 / 50 / 100 % of the floor's unthrottled rate, with 1
# and N clients. The broker is pinned to core 0 and the clients to core 1 (taskset) when there are 2+ cores.
# Prints records/s, client CPU seconds per million records (user+sys of the client JVM, from the kernel's
# accounting of that process; marginal: each tool's CPU for a 20,000-record run, its JVM start-up and
# teardown, is subtracted, so short runs compare the per-record cost and not the start-up), service-latency p50/p95/p99 (ms, from the actual send, as ProducerPerformance
# measures it), and each figure's ratio to the floor and to ProducerPerformance.
#
#   bench/client-floor.sh [--records N] [--paced-seconds S] [--clients N] [--rounds R] [--size BYTES]
#                         [--props "acks=1 linger.ms=5"] [--no-build]
#   defaults: 500000 records unthrottled, 8 s per paced run, N=4, 1 round, 1024 B, acks=1  (a few minutes on a quiet machine)
set -euo pipefail
cd "$(dirname "$0")/.."
records=500000 paced_s=8 nclients=4 rounds=1 size=1024 props="acks=1" build=1
while [[ $# -gt 0 ]]; do
  case $1 in
    --records) records=$2; shift 2 ;;
    --paced-seconds) paced_s=$2; shift 2 ;;
    --clients) nclients=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --size) size=$2; shift 2 ;;
    --props) props=$2; shift 2 ;;
    --no-build) build=0; shift ;;
    *) echo "unknown option $1 (see the header of $0)" >&2; exit 2 ;;
  esac
done
export MQPROBE_HOME=$(mktemp -d)     # a private embedded cluster, never a user's
cp="bench/target/classes:bench/target/lib/*"
jvm=(java -Xms512m -Xmx2g -XX:+UseParallelGC -Dmqprobe.home="$MQPROBE_HOME")
broker_pin=() client_pin=()
if [[ $(nproc) -ge 2 ]] && command -v taskset >/dev/null; then
  broker_pin=(taskset -c 0) client_pin=(taskset -c 1)
fi
results=$(mktemp)
trap '"${jvm[@]}" -cp "$cp" io.mqprobe.cli.Main cluster down >/dev/null 2>&1 || true; rm -rf "$MQPROBE_HOME" "$results" "$results.startup"' EXIT

if [[ $build == 1 ]]; then
  echo "building ..." >&2
  mvn -q -B -ntp -DskipTests install >/tmp/mqprobe-client-floor-build.log 2>&1 || { cat /tmp/mqprobe-client-floor-build.log; exit 1; }
fi
# the brokers are child JVMs of `cluster up` and inherit its CPU affinity
"${broker_pin[@]}" "${jvm[@]}" -cp "$cp" io.mqprobe.cli.Main cluster up --brokers 1 >&2
bootstrap=$("${jvm[@]}" -cp "$cp" io.mqprobe.cli.Main cluster status | sed -n 's/^bootstrap *//p' | head -1)
[[ -n "$bootstrap" ]] || { echo "could not read the embedded cluster's bootstrap" >&2; exit 1; }
topic="mqprobe-floor-$RANDOM"
"${jvm[@]}" -cp "$cp" io.mqprobe.cli.Main produce --bootstrap "$bootstrap" --topic "$topic" --create-topic \
    --partitions 8 --replication-factor 1 --num-records 20000 --no-monitor --out /tmp/mqprobe-floor-warm >/dev/null 2>&1

# run TOOL CLIENTS RATE(0=unthrottled) RECORDS -> appends "scenario tool clients rps cpu_per_m p50 p95 p99" to $results
run() {
  local tool=$1 clients=$2 rate=$3 n=$4 scenario=$5 tf out line rc=0
  tf=$(mktemp)
  set +e
  case $tool in
    floor) out=$(/usr/bin/time -f "%U %S" -o "$tf" "${client_pin[@]}" "${jvm[@]}" -cp "$cp" io.mqprobe.bench.BareProducer \
                 "$bootstrap" "$topic" "$n" "$size" "$rate" "$clients" $props 2>>/tmp/mqprobe-client-floor-tools.log) ;;
    mqprobe) out=$(/usr/bin/time -f "%U %S" -o "$tf" "${client_pin[@]}" "${jvm[@]}" -cp "$cp" io.mqprobe.cli.Main produce \
                 --bootstrap "$bootstrap" --topic "$topic" --num-records "$n" --record-size "$size" \
                 --throughput "$([[ $rate == 0 ]] && echo -1 || echo "$rate")" --clients "$clients" --warmup 0s \
                 --no-monitor --format perf-test --out /tmp/mqprobe-floor-run --producer-props $props 2>>/tmp/mqprobe-client-floor-tools.log) ;;
    perf) out=$(/usr/bin/time -f "%U %S" -o "$tf" "${client_pin[@]}" "${jvm[@]}" -cp "$cp" org.apache.kafka.tools.ProducerPerformance \
                 --topic "$topic" --num-records "$n" --record-size "$size" \
                 --throughput "$([[ $rate == 0 ]] && echo -1 || echo "$rate")" \
                 --producer-props bootstrap.servers="$bootstrap" $props 2>>/tmp/mqprobe-client-floor-tools.log) ;;
  esac
  rc=$?
  set -e
  if [[ $rc != 0 ]]; then
    echo "  $scenario $tool ×$clients: exit code $rc, left out (rerun it by hand to see why)" >&2
    rm -f "$tf"; return 0
  fi
  line=$(tail -1 <<<"$out")
  local rps p50=- p95=- p99=-
  rps=$(sed -E 's/^[0-9]+ records sent, ([0-9.]+) records\/sec.*/\1/' <<<"$line")
  if [[ $line =~ ([0-9]+)\ ms\ 50th,\ ([0-9]+)\ ms\ 95th,\ ([0-9]+)\ ms\ 99th ]]; then
    p50=${BASH_REMATCH[1]} p95=${BASH_REMATCH[2]} p99=${BASH_REMATCH[3]}
  fi
  local cpu; cpu=$(awk '{print $1+$2}' "$tf"); rm -f "$tf"
  if [[ $scenario == startup ]]; then
    base_cpu[$tool.$clients]=$cpu
    echo "startup $tool $clients $cpu" >>"$results.startup"
  else
    local b=${base_cpu[$tool.$clients]}
    printf "%s %s %s %s %s %s %s %s\n" "$scenario" "$tool" "$clients" "$rps" \
        "$(awk -v c="$cpu" -v b="$b" -v r="$n" -v r0="$base_n" 'BEGIN{printf "%.2f", (c-b)/(r-r0)*1e6}')" \
        "$p50" "$p95" "$p99" >>"$results"
  fi
  echo "  $scenario $tool ×$clients: $rps rec/s, $cpu CPU-s" >&2
}

declare -A base_cpu
base_n=20000
echo "start-up cost of each tool ($base_n records)" >&2
for tool in floor mqprobe perf; do run "$tool" 1 0 "$base_n" startup; done
for tool in floor mqprobe; do run "$tool" "$nclients" 0 "$base_n" startup; done
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
  { k = key($1, $2, $3); n[k]++; rps[k] += $4; cpu[k] += $5
    if ($6 != "-") { p50[k] += $6; p95[k] += $7; p99[k] += $8; lat[k]++ }
    if (!(k in seen)) { seen[k] = 1; order[++rows] = k } }
  function ms(v, k) { return (k in lat) ? sprintf("%.0f", v / lat[k]) : "-" }
  function ratio(a, b) { return (b > 0) ? sprintf("%.2f", a / b) : "-" }
  END {
    printf "%-13s %-8s %3s %11s %9s %14s %9s %9s %13s %12s\n", "scenario", "tool", "cl", "records/s", "CPU-s/M",
        "svc p50/95/99", "CPU/floor", "CPU/perf", "p95/perf", "p99/perf"
    for (i = 1; i <= rows; i++) {
      k = order[i]; split(k, f, SUBSEP)
      fl = key(f[1], "floor", f[3]); pf = key(f[1], "perf", 1)
      c = cpu[k] / n[k]
      cf = (fl in n) ? cpu[fl] / n[fl] : 0; cp = (pf in n) ? cpu[pf] / n[pf] : 0
      lp = (k in lat) ? ms(p50[k], k) "/" ms(p95[k], k) "/" ms(p99[k], k) : "-"
      q95 = (k in lat && pf in lat) ? ratio(p95[k] / lat[k], p95[pf] / lat[pf]) : "-"
      q99 = (k in lat && pf in lat) ? ratio(p99[k] / lat[k], p99[pf] / lat[pf]) : "-"
      printf "%-13s %-8s %3s %11.0f %9.2f %14s %9s %9s %13s %12s\n", f[1], f[2], f[3], rps[k] / n[k], c, lp,
          ratio(c, cf), ratio(c, cp), q95, q99
    }
  }' "$results"
echo "CPU-s/M is marginal: start-up CPU subtracted (s, for $base_n records):" \
     "$(awk '{printf "%s×%s %s  ", $2, $3, $4}' "$results.startup")"
echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, $(uname -sr);" \
     "$([[ ${#broker_pin[@]} -gt 0 ]] && echo "broker on core 0, client on core 1" || echo "broker and client share the cores")"
