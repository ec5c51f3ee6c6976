#!/usr/bin/env bash
# The load generator in-process and split over 1, 2 and 3 local worker JVMs (--workers local:N), side by side at one
# paced rate against one private embedded broker, alternating over rounds: what each configuration delivered, its
# merged p99 (every worker's per-second histograms added: the percentiles of one histogram fed all values), and the
# CPU it cost per million records: mqprobe's own process ("client") plus every worker's ("client:local-N"), as the
# run's own result.json reports them (the coordinator samples itself, each worker reports its process CPU time).
#
#   bench/workers.sh [--rounds R] [--rate RECORDS_PER_S] [--clients N] [--duration D] [--no-build]
#   defaults: 3 rounds, 20000/s, 3 clients, 20s (5 s of it warm-up)
#
# The broker is pinned to core 0, the load generators to core 1 (workers inherit the affinity), so every
# configuration gets the same one core.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=3 rate=20000 clients=3 duration=20s build=1
source bench/args.sh
while [[ $# -gt 0 ]]; do
  case $1 in
    --rounds) rounds=$(value_of "$@"); shift 2 ;;
    --rate) rate=$(value_of "$@"); shift 2 ;;
    --clients) clients=$(value_of "$@"); shift 2 ;;
    --duration) duration=$(value_of "$@"); shift 2 ;;
    --no-build) build=0; shift ;;
    *) echo "unknown option $1 (see the header of $0)" >&2; exit 2 ;;
  esac
done
command -v jq >/dev/null || { echo "jq is needed (apt-get install jq)" >&2; exit 2; }
source bench/lib.sh
out=$(mktemp -d)
trap '"${mqprobe[@]}" cluster down >/dev/null 2>&1 || true; rm -rf "$MQPROBE_HOME" "$out"' EXIT
[[ $build == 1 ]] && build_bench /tmp/mqprobe-workers-build.log
"${broker_pin[@]}" "${mqprobe[@]}" cluster up --brokers 1 >&2
bootstrap=$("${mqprobe[@]}" cluster status | sed -n 's/^bootstrap *//p' | head -1)
machine_line
echo "paced $rate records/s, $clients clients, 1 KiB records, $duration per run, $rounds rounds"
printf '%-5s %-11s %10s %9s %12s %16s\n' round workers "msgs/s" "p99 ms" "CPU cores" "CPU s / M recs"
for ((r = 1; r <= rounds; r++)); do
  for w in in-process local:1 local:2 local:3; do
    dir="$out/$r-${w/:/-}"
    "${client_pin[@]}" "${mqprobe[@]}" produce --bootstrap "$bootstrap" --workers "$w" --clients "$clients" \
        --throughput "$rate" --duration "$duration" --warmup 5s --partitions 6 --out "$dir" >/dev/null 2>&1 \
        || { echo "run $w failed (see $dir)" >&2; continue; }
    jq -r --arg r "$r" --arg w "$w" '.scenarios[0].steps[0] as $s
      | ([$s.resources[] | select((.source == "client" or (.source | startswith("client:"))) and .metric == "cpu.cores") | .mean] | add) as $cores
      | [$r, $w, ($s.recordsPerSecond | floor), ($s.latencyUs.p99 / 1000 * 10 | floor / 10), ($cores * 100 | floor / 100),
         ($cores / $s.recordsPerSecond * 1e6 | floor)] | @tsv' "$dir/result.json"
  done
done | tee "$out/rows.tsv" | awk -F'\t' '{ printf "%-5s %-11s %10s %9s %12s %16s\n", $1, $2, $3, $4, $5, $6 }'
echo
echo "median over rounds, and against in-process:"
# median COLUMN CONFIG: the median of a column of rows.tsv over one configuration's rounds
median() { awk -F'\t' -v w="$2" -v c="$1" '$2 == w { print $c }' "$out/rows.tsv" | sort -n | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }'; }
base=$(median 6 in-process)
for w in in-process local:1 local:2 local:3; do
  cpu=$(median 6 "$w") p99=$(median 4 "$w") rate_=$(median 3 "$w")
  [[ -n $cpu ]] && awk -v w="$w" -v cpu="$cpu" -v base="$base" -v p99="$p99" -v r="$rate_" \
      'BEGIN { printf "%-11s %8s msgs/s  CPU s / M records %6s (x%.2f of in-process)  p99 %s ms\n", w, r, cpu, (base ? cpu / base : 0), p99 }'
done
