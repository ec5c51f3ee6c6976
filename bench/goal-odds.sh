#!/usr/bin/env bash
# How likely issue 39's reproducibility goal is on this machine, from the series bench/reproducibility.sh ran: per
# figure (ceiling, sustainable load), the run-to-run standard deviation the series show, the share of scenario series
# whose three runs lay within ±10 % of their median (measured, and as a normal spread of that size gives it), and the
# spread each figure would need for every one of the goal's 24 scenario series (4 scenarios, 2 figures, 3 series) to
# hold at once in half of all tries.
#
#   bench/goal-odds.sh [--since STAMP]      (default: every series of the default probe in bench/run-noise.json)
#
# Reads bench/run-noise.json only (each series' runs, as reproducibility.sh wrote them); series run with probe options
# (`bench/reproducibility.sh -- OPTIONS`) are not the default probe the goal is about and do not count. The standard deviation is
# pooled over the scenario series, of the log of each run's figure less its series' mean; the odds are drawn from that
# many normal series of three runs (a fixed seed: the same file gives the same figures).
set -euo pipefail
cd "$(dirname "$0")/.."
since=
source bench/args.sh
while (($#)); do
  case $1 in
    --since) since=$(value_of "$@"); shift 2 ;;
    *) echo "usage: bench/goal-odds.sh [--since STAMP]" >&2; exit 2 ;;
  esac
done
python3 - "$since" <<'PY'
import json, math, random, statistics, sys
since = sys.argv[1]
series = [s for s in json.load(open("bench/run-noise.json"))["series"]
          if not s.get("probeOptions") and (not since or s["stamp"] >= since)]
rng = random.Random(39)

def within(values, pct=10):
    m = statistics.median(values)
    return max(abs(v / m - 1) for v in values) <= pct / 100

def odds(sd, runs=3, tries=20000):
    return sum(within([math.exp(rng.gauss(0, sd)) for _ in range(runs)]) for _ in range(tries)) / tries

def needed(target):
    low, high = 0.001, 0.3
    for _ in range(30):
        mid = (low + high) / 2
        low, high = (mid, high) if odds(mid, tries=8000) >= target else (low, mid)
    return low

print(f"{len(series)} series ({series[0]['stamp']} to {series[-1]['stamp']})" if series else "no series")
per_figure_target = 0.5 ** (1 / 24)
for figure in ("ceiling", "sustainable"):
    residuals, held, total = [], 0, 0
    for s in series:
        runs = s["runs"]
        for name in sorted({k.split("/")[0] for r in runs for k in r}):
            values = [r.get(f"{name}/{figure}") for r in runs]
            if len(values) != 3 or any(v is None or v <= 0 for v in values):
                continue
            logs = [math.log(v) for v in values]
            mean = statistics.fmean(logs)
            residuals += [x - mean for x in logs]
            held += within(values)
            total += 1
    if not total:
        continue
    sd = math.sqrt(sum(r * r for r in residuals) / (len(residuals) - total))
    print(f"{figure}: run-to-run standard deviation {100 * sd:.1f} % over {total} scenario series; within ±10 % of the "
          f"median in {held} ({100 * held / total:.0f} %), a normal spread of that size gives {100 * odds(sd):.0f} %")
print(f"all 24 scenario series of the goal (4 scenarios, 2 figures, 3 series) within ±10 % at once, in half of all "
      f"tries: a run-to-run standard deviation of {100 * needed(per_figure_target):.1f} % per figure")
PY
