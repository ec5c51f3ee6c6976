#!/usr/bin/env bash
# What the load generator's heap layout costs it: `./mqprobe probe --scenarios single` (the embedded default,
# isolated as root: the load generator under its CPU quota) with mqprobe's JVM on the launcher's G1 flags of before
# (4 MiB regions) and on its default now (2 MiB regions), alternating ABBA over rounds. Per run: the client's GC pauses
# (ms per second, the mean and the worst of the ramp's unthrottled steps, where its producers' buffers fill), the
# client's CPU at the ceiling, the ceiling and the sustainable load; then each arm's medians and their ratio.
#
#   bench/client-gc.sh [--rounds N] [--no-build]     (default 2 rounds: 4 probes, about 10 minutes)
#
# Why the regions: a producer keeps its batch buffers (batch.size, 1 MiB in every default scenario) in a pool for
# reuse, and each step's producers are new, so each step fills new pools. A 1 MiB buffer under half a region is an
# ordinary object: it survives young collections while pooled and is copied to a survivor space and again to the old
# generation, under a 0.4-core quota. From half a region up it is humongous: placed once, never copied.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=2 build=1
source bench/args.sh
while (($#)); do
  case $1 in
    --rounds) rounds=$(value_of "$@"); shift 2 ;;
    --no-build) build=0; shift ;;
    *) echo "usage: bench/client-gc.sh [--rounds N] [--no-build]" >&2; exit 2 ;;
  esac
done
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "--rounds takes a positive count, got '$rounds'" >&2; exit 2; }
command -v jq >/dev/null || { echo "jq is needed (apt-get install jq)" >&2; exit 2; }
if ((build)); then
  mvn -q -B -ntp -DskipTests install >/dev/null 2>&1 || { echo "build failed" >&2; exit 1; }
fi
export MQPROBE_HOME=$(mktemp -d)     # a private embedded cluster, never a user's
work=bench/target/client-gc/$(date +%Y%m%d-%H%M%S)
mkdir -p "$work"
before="-Xms1g -Xmx2g -XX:+UseG1GC -XX:G1HeapRegionSize=4m -XX:MetaspaceSize=128m"

# run ARM K: one probe of single into $work/ARM-K; the launcher's default flags for "now"
run() {
  local out=$work/$1-$2
  if [[ $1 == before ]]; then
    MQPROBE_JAVA_OPTS="$before" ./mqprobe probe --scenarios single --out "$out" >"$out.log" 2>&1 || true
  else
    env -u MQPROBE_JAVA_OPTS ./mqprobe probe --scenarios single --out "$out" >"$out.log" 2>&1 || true
  fi
  [[ -f $out/result.json ]] || { echo "$1 run $2 left no result: see $out.log" >&2; return; }
  jq -r --arg arm "$1" --arg k "$2" '.scenarios[0] as $s
    | [$s.steps[] | select(.targetRecordsPerSecond == null) | [.resources[] | select(.source == "client" and .metric == "gc.ms_per_s") | .mean][0] // 0] as $gc
    | ($s.steps[] | select(.index == $s.verdict.ceiling.step) | [.resources[] | select(.source == "client" and .metric == "cpu.cores") | .mean][0]) as $cpu
    | [$arm, $k, ($gc | add / length), ($gc | max), $cpu, $s.verdict.ceiling.bytesPerSecond / 1e6,
       (($s.verdict.sustainable.bytesPerSecond // 0) / 1e6)] | @tsv' "$out/result.json" >>"$work/runs.tsv"
}

echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, $(uname -sr); before: $before; now: the launcher's default"
for ((k = 1; k <= rounds; k++)); do
  if ((k % 2)); then run before "$k"; run now "$k"; else run now "$k"; run before "$k"; fi
done
printf '\n| arm | round | client GC ms/s, ramp mean | worst ramp step | client cores at ceiling | ceiling MB/s | sustainable MB/s |\n|---|---|---|---|---|---|---|\n'
awk -F'\t' '{printf "| %s | %s | %.0f | %.0f | %.2f | %.1f | %.1f |\n", $1, $2, $3, $4, $5, $6, $7}' "$work/runs.tsv"
median() { sort -g | awk '{v[NR] = $1} END {print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
echo
for col in 3:"client GC ms/s, ramp mean" 4:"worst ramp step" 6:"ceiling MB/s" 7:"sustainable MB/s"; do
  c=${col%%:*} name=${col#*:}
  b=$(awk -F'\t' -v c="$c" '$1 == "before" {print $c}' "$work/runs.tsv" | median)
  n=$(awk -F'\t' -v c="$c" '$1 == "now" {print $c}' "$work/runs.tsv" | median)
  awk -v name="$name" -v b="$b" -v n="$n" 'BEGIN {printf "%s: median before %.1f, now %.1f, now/before %s\n", name, b, n, (b > 0 ? sprintf("%.2f", n / b) : "-")}'
done
echo "runs: $work"
