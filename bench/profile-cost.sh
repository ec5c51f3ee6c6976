#!/usr/bin/env bash
# What profiling costs a probe: `./mqprobe probe` with its profiles (the default) and with --no-profile, the two arms
# alternating ABBA over rounds, each run on a fresh embedded cluster in a private home, nothing else running. Per run:
# wall time, steps, wall time per step, the time outside the steps (the cluster's start, the ceilings, judging, the
# profiles' folding and files), the ceiling and the sustainable load of each scenario. Prints both arms and the ratio
# of their means. A probe's length follows its step count, which the host's noise moves by a few steps either way:
# the time per step and the time outside the steps are the cost profiling itself adds, the step count is where its
# noise (or its load on the co-limited client) shows. The JVM warm-up (each scenario's first step) runs until every JVM
# has compiled below a bound once, so its length is the JIT's noise: it is shown apart, and the steps after it apart.
#
#   bench/profile-cost.sh [--rounds N] [--scenarios LIST] [-- more probe flags]
#   defaults: 2 rounds (4 runs), scenarios single (about 2.5 min a run)
#
# Writes bench/target/profile-cost/<time>/ (each run's result.json and output, runs.tsv, comparison.md).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=2 scenarios=single extra=()
source bench/args.sh
while [[ $# -gt 0 ]]; do
  case $1 in
    --rounds) rounds=$(value_of "$@"); shift 2 ;;
    --scenarios) scenarios=$(value_of "$@"); shift 2 ;;
    --) shift; extra=("$@"); break ;;
    *) echo "unknown option $1 (see the header of $0)" >&2; exit 2 ;;
  esac
done
command -v jq >/dev/null || { echo "jq is needed (apt-get install jq)" >&2; exit 2; }
out=bench/target/profile-cost/$(date -u +%Y%m%d-%H%M%S)
mkdir -p "$out"
build=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, $(uname -sr); build $build; $(date -u '+%F %T') UTC" \
  | tee "$out/machine.txt"

# ABBA per pair of rounds: A = profiled, B = --no-profile
arms=()
for ((r = 1; r <= rounds; r++)); do
  if (( r % 2 == 1 )); then arms+=(A B); else arms+=(B A); fi
done
k=0
for arm in "${arms[@]}"; do
  k=$((k + 1))
  flags=(--scenarios "$scenarios" "${extra[@]}")
  [[ $arm == B ]] && flags+=(--no-profile)
  echo "run $k ($arm): ./mqprobe probe ${flags[*]}" >&2
  start=$(date +%s.%N)
  MQPROBE_HOME=$(mktemp -d) ./mqprobe probe --out "$out/run-$k" "${flags[@]}" >"$out/run-$k.out" 2>"$out/run-$k.err" || true
  wall=$(echo "$(date +%s.%N) - $start" | bc)
  [[ -f $out/run-$k/result.json ]] || { echo "run $k wrote no result.json (see $out/run-$k.err)" >&2; exit 1; }
  # arm, wall s, steps, seconds inside the steps (warm-up + measured + the gaps between them), seconds in each
  # scenario's first step (its JVM warm-up, unless --jvm-warmup 0) and their count, per scenario "name
  # ceiling/sustainable MB/s"
  jq -r --arg arm "$arm" --arg wall "$wall" --arg k "$k" '
    def t: sub("\\.[0-9]+Z$"; "Z") | fromdate;
    def mb: if . == null then "-" else (. / 1e6 * 10 | round / 10 | tostring) end;
    [.scenarios[].steps[]] as $steps
    | ($steps | length) as $n
    | (($steps[-1].startedAt | t) + ($steps[-1].warmupMs + $steps[-1].measuredMs) / 1000 - ($steps[0].startedAt | t)) as $inside
    | ([.scenarios[] | select(.steps | length > 0) | .steps[0] | (.warmupMs + .measuredMs) / 1000]) as $warm
    | [$k, $arm, $wall, $n, $inside, ($warm | add // 0), ($warm | length),
       ([.scenarios[] | select(.verdict != null) | .name + " " + (.verdict.ceiling.bytesPerSecond | mb) + "/"
         + (.verdict.sustainable.bytesPerSecond | mb)] | join(", "))] | @tsv' "$out/run-$k/result.json" >>"$out/runs.tsv"
  tail -1 "$out/runs.tsv" >&2
done

python3 - "$out/runs.tsv" "$out/machine.txt" "$scenarios" >"$out/comparison.md" <<'PY'
import sys, statistics
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
machine = open(sys.argv[2]).read().strip()
print(f"# Profiling's cost on `./mqprobe probe --scenarios {sys.argv[3]}`, ABBA\n")
print(machine + "\n")
print("| run | arm | wall s | steps | s per step | warm-up s | s per step after it | outside the steps s | ceiling / sustainable MB/s |")
print("|---|---|---|---|---|---|---|---|---|")
per = {"A": [], "B": []}
for k, arm, wall, steps, inside, warm, warms, figures in rows:
    wall, steps, inside, warm, warms = float(wall), int(steps), float(inside), float(warm), int(warms)
    after = (inside - warm) / max(1, steps - warms)
    per[arm].append((wall, steps, inside / steps, warm, after, wall - inside))
    print(f"| {k} | {'profiled' if arm == 'A' else '--no-profile'} | {wall:.1f} | {steps} | {inside / steps:.2f} | {warm:.1f} "
          f"| {after:.2f} | {wall - inside:.1f} | {figures} |")
def stat(values):
    m = statistics.mean(values)
    return m, (max(values) - min(values)) / 2
print()
print("| figure | profiled (mean ± half range) | --no-profile | ratio |")
print("|---|---|---|---|")
for i, name in enumerate(["wall s", "steps", "s per step", "warm-up s", "s per step after it", "outside the steps s"]):
    a, b = stat([r[i] for r in per["A"]]), stat([r[i] for r in per["B"]])
    ratio = a[0] / b[0] if b[0] else float("nan")
    print(f"| {name} | {a[0]:.2f} ± {a[1]:.2f} | {b[0]:.2f} ± {b[1]:.2f} | {ratio:.3f} |")
PY
cat "$out/comparison.md"
echo "written: $out/comparison.md" >&2
