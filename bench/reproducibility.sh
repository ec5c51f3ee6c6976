#!/usr/bin/env bash
# N default probes back to back, and per scenario one table: ceiling, knee, sustainable load and bottleneck of
# each run (with the interval each run reported), their medians, the largest deviation from the median, and
# whether every run named the same bottleneck; and how far two runs lay apart (the run-to-run noise `mqprobe compare
# --run-noise` allows for). What issue 19 asks of two probes in a row, shown on this machine.
#
#   bench/reproducibility.sh [--runs N] [--no-build] [--figures-since REV] [-- PROBE OPTIONS...]
#
# Runs ./mqprobe probe (the embedded default, isolated as root) N times (default 3), each into its own
# directory under bench/target/reproducibility/<time>/run-K, writes the comparison to comparison.md there, and
# appends it to bench/README.md ("Every series run"): every series counts, not the best of several. Each run's
# figures go into bench/run-noise.json, from which `mqprobe compare --run-noise bench/run-noise.json` takes per figure
# the largest gap between two runs of the code since its last change that moves a figure: --figures-since REV names
# that change (kept in the file for the series after), for the whole checkout since REV is what a series measures.
# Before its own runs join the file, the series is compared against it: do three runs of this build compare as "no
# change" with the noise the series before them measured?
set -euo pipefail
cd "$(dirname "$0")/.."
runs=3 build=1 probe_args=() figures_since=
source bench/args.sh
while (($#)); do
  case $1 in
    --runs) runs=$(value_of "$@"); shift 2 ;;
    --no-build) build=0; shift ;;
    --figures-since) figures_since=$(value_of "$@"); shift 2 ;;
    --) shift; probe_args=("$@"); break ;;
    *) echo "usage: bench/reproducibility.sh [--runs N] [--no-build] [--figures-since REV] [-- PROBE OPTIONS...]" >&2; exit 2 ;;
  esac
done
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "--runs takes a positive count, got '$runs'" >&2; exit 2; }
command -v jq >/dev/null || { echo "jq is needed (apt-get install jq)" >&2; exit 2; }
noise_file=bench/run-noise.json
[[ -n $figures_since || ! -f $noise_file ]] || figures_since=$(jq -r '.figuresSince // empty' "$noise_file")
[[ -n $figures_since ]] || { echo "--figures-since REV: the last change that moves a figure (no $noise_file names one)" >&2; exit 2; }
figures_since=$(git rev-parse --short=7 "$figures_since^{commit}" 2>/dev/null) && git merge-base --is-ancestor "$figures_since" HEAD \
  || { echo "--figures-since takes a commit this checkout descends from" >&2; exit 2; }
if ((build)); then
  mvn -q -B -ntp -DskipTests install >/dev/null 2>&1 || { echo "build failed" >&2; exit 1; }
fi
# the build measured, read before anything here writes to the checkout
build=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
dirty=$(git status --porcelain --untracked-files=no 2>/dev/null | grep -q . && echo " (with uncommitted changes)" || true)
export MQPROBE_HOME=$(mktemp -d)   # a private embedded cluster: never a user's `cluster up`
out=bench/target/reproducibility/$(date -u +%Y%m%d-%H%M%S)
mkdir -p "$out"
echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, $(uname -sr); $(date -u '+%F %T') UTC" | tee "$out/machine.txt"
for ((k = 1; k <= runs; k++)); do
  start=$(date +%s)
  echo "run $k/$runs: ./mqprobe probe ${probe_args[*]} (load average $(cut -d' ' -f1-3 /proc/loadavg))" >&2
  ./mqprobe probe --out "$out/run-$k" "${probe_args[@]}" >"$out/run-$k.out" 2>"$out/run-$k.err" || true
  echo "$k $(( $(date +%s) - start ))" >>"$out/durations.txt"
  echo "  done in $(( $(date +%s) - start )) s" >&2
  [[ -f $out/run-$k/result.json ]] || { echo "run $k wrote no result.json (see $out/run-$k.err)" >&2; exit 1; }
done

# one row per run and scenario: scenario, run, ceiling MB/s, its half-width %, knee MB/s, sustainable MB/s, its
# spread % (the wider of its step's interval and its search's resolution, as compare takes it), bottleneck
# (resource / source), the host's CPU speed over the scenario's steps (MB of SHA-256 per CPU-second), the JIT
# compilation time per second of mqprobe's JVM and of the brokers' (means over the steps), the host's memory speed
# (MB copied per CPU-second; empty for runs before it was recorded), and the load generator's speed at the sustainable
# load's held step (MB sent per CPU-second of mqprobe's JVM)
rows() {
  for ((k = 1; k <= runs; k++)); do
    jq -r --arg run "$k" '
      def mb: if . == null then "" else (. / 1e6 * 10 | round / 10 | tostring) end;
      def hw: if . == null or .readings == 0 or .halfWidth == null or .mean <= 0 then "" else (.halfWidth / .mean * 1000 | round / 10 | tostring) end;
      .scenarios[] | select(.verdict != null and .verdict.ceiling != null) |
      [.name, $run, (.verdict.ceiling.bytesPerSecond | mb), (.verdict.ceiling.interval | hw),
       (.verdict.knee.bytesPerSecond | mb), (.verdict.sustainable.bytesPerSecond | mb),
       (.verdict.sustainable as $s | ($s.interval | hw) as $h
        | if $s.searchedWithinPct == null then $h
          else ([($h | if . == "" then 0 else tonumber end), $s.searchedWithinPct] | max * 10 | round / 10 | tostring) end),
       (.verdict.bottleneck.resource + (if .verdict.bottleneck.source then " / " + .verdict.bottleneck.source else "" end)),
       ([.steps[].resources[]? | select(.source == "host" and .metric == "cpu.speed.mb_per_cpu_s") | .mean]
        | if length == 0 then "" else (add / length | round | tostring) end),
       ([.steps[].resources[]? | select(.source == "client" and .metric == "jit.ms_per_s") | .mean]
        | if length == 0 then "" else (add / length | round | tostring) end),
       ([.steps[].resources[]? | select((.source | startswith("broker-")) and .metric == "jit.ms_per_s") | .mean]
        | if length == 0 then "" else (add / length | round | tostring) end),
       ([.steps[].resources[]? | select(.source == "host" and .metric == "mem.speed.mb_per_cpu_s") | .mean]
        | if length == 0 then "" else (add / length | round | tostring) end),
       (.verdict.sustainable as $s | (if $s == null then null else ($s.heldStep // $s.step) end) as $i
        | [.steps[] | select(.index == $i)][0] as $st
        | ([$st.resources[]? | select(.source == "client" and .metric == "cpu.cores") | .mean][0]) as $c
        | if $st == null or $c == null or $c <= 0 then "" else ($st.bytesPerSecond / 1e6 / $c | round | tostring) end)]
      | @tsv' "$out/run-$k/result.json"
  done
}
rows >"$out/rows.tsv"

# goal 6 of issue 39, before this series joins the file: its runs compared with the noise the series before measured
: >"$out/compare.txt"
if ((runs > 1)); then
  results=()
  for ((k = 1; k <= runs; k++)); do results+=("$out/run-$k/result.json"); done
  ./mqprobe compare --run-noise "$noise_file" "${results[@]}" >"$out/compare.out" 2>"$out/compare.err" || true
  # its heading (which runs the noise came from) and its verdict, or the one line it refused with
  awk 'NR == 1 { first = $0 } { last = $0 } END { if (NR) print first; if (NR > 1) print last }' "$out/compare.out" >"$out/compare.txt"
  [[ -s $out/compare.txt ]] || tail -1 "$out/compare.err" >"$out/compare.txt"
fi

python3 - "$out/rows.tsv" "$runs" "$out/durations.txt" "$out/machine.txt" "$noise_file" "$figures_since" \
  "${probe_args[*]}" "$(basename "$out")" "$build" "$out/compare.txt" >"$out/comparison.md" <<'PY'
import sys, statistics, json, os
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]) if l.strip()]
runs = int(sys.argv[2])
durations = [int(l.split()[1]) for l in open(sys.argv[3]) if l.strip()]
def num(s): return float(s) if s else None
def dev(values):
    vals = [v for v in values if v is not None]
    if not vals: return None, None
    med = statistics.median(vals)
    return med, max(abs(v - med) / med * 100 for v in vals) if med > 0 else 0.0
def overlap(rs, v, hw):
    """every pair of the runs' intervals overlaps and none is wider than +-10 %"""
    iv = [(num(r[v]), float(r[hw])) for r in rs if r[v] and r[hw]]
    if len(iv) < len(rs): return False
    lo = [m * (1 - h / 100) for m, h in iv]; hi = [m * (1 + h / 100) for m, h in iv]
    return max(lo) <= min(hi) and all(h <= 10 for _, h in iv)
def pm(v, hw): return "–" if v is None else f"{v:g}" + (f" ±{hw}%" if hw else "")
f = lambda v: "–" if v is None else f"{v:.1f}"
print(f"# Reproducibility: {runs} default probes back to back\n\n{open(sys.argv[4]).read().strip()}\n")
print("run durations: " + ", ".join(f"{d // 60}m{d % 60:02d}s" for d in durations) + "\n")
summary = []
series_runs = {}  # run -> {"scenario/figure": MB/s}: what the run-noise file keeps
pairs = []  # how far two runs' ceilings and sustainable loads lay apart, in % of the lower: compare's --run-noise
for scenario in dict.fromkeys(r[0] for r in rows):
    rs = [r for r in rows if r[0] == scenario]
    print(f"## {scenario}\n\n| run | ceiling MB/s | knee MB/s | sustainable MB/s | bottleneck | host CPU speed | host memory speed | JIT ms/s client, brokers |\n|---|---|---|---|---|---|---|---|")
    for r in rs:
        print(f"| {r[1]} | {pm(num(r[2]), r[3])} | {pm(num(r[4]), '')} | {pm(num(r[5]), r[6])} | {r[7]} | {r[8] or '–'} | {(r[11] if len(r) > 11 else '') or '–'} | {r[9] or '–'}, {r[10] or '–'} |")
    ceil_med, ceil_dev = dev([num(r[2]) for r in rs])
    knee_med, knee_dev = dev([num(r[4]) for r in rs])
    sus_med, sus_dev = dev([num(r[5]) for r in rs])
    same = len({r[7] for r in rs}) == 1
    ceil_ok = (ceil_dev is not None and ceil_dev <= 10) or overlap(rs, 2, 3)
    sus_ok = (sus_dev is not None and sus_dev <= 10) or overlap(rs, 5, 6)
    tiny = [r[1] for r in rs if num(r[5]) is not None and num(r[2]) and num(r[5]) < 0.05 * num(r[2])]
    print(f"\nmedian ceiling {f(ceil_med)} MB/s, largest deviation {f(ceil_dev)} %; median knee {f(knee_med)} MB/s, "
          f"largest deviation {f(knee_dev)} %; median sustainable {f(sus_med)} MB/s, largest deviation {f(sus_dev)} %; "
          f"bottleneck {'the same in every run' if same else 'differs between runs'}"
          + (f"; sustainable below 5 % of the ceiling in run {', '.join(tiny)}" if tiny else "") + ".\n")
    for col, what in ((8, "host CPU speed {lo:.0f}-{hi:.0f} MB of SHA-256 per CPU-second"),
                      (11, "host memory speed {lo:.0f}-{hi:.0f} MB copied per CPU-second"),
                      (12, "load generator {lo:.0f}-{hi:.0f} MB sent per CPU-second at the sustainable load's held step")):
        speeds = [num(r[col]) if len(r) > col else None for r in rs]
        if all(speeds):
            # not a goal, a diagnosis: how far apart the figures would be had every run met the median speed. The
            # load generator shares the brokers' cores, so its cost per MB at the step that held the answer tells how
            # fast the host ran that work then; it scales only the sustainable load, as at the ceiling its CPU is
            # often at its quota, and scaling by it would only restate that quota.
            mid = statistics.median(speeds)
            _, ceil_at = dev([num(r[2]) * mid / v for r, v in zip(rs, speeds) if r[2]])
            _, sus_at = dev([num(r[5]) * mid / v for r, v in zip(rs, speeds) if r[5]])
            scaled = (f"the sustainable loads' largest deviation would be {f(sus_at)} %" if col == 12 else
                      f"the ceilings' largest deviation would be {f(ceil_at)} % and the sustainable loads' {f(sus_at)} %")
            print(what.format(lo=min(speeds), hi=max(speeds)) + f" ({(max(speeds) / min(speeds) - 1) * 100:.1f} % apart); "
                  f"scaled to the median speed, {scaled}.\n")
    # issue 39 asks for the deviation alone: overlapping intervals do not count there
    summary.append((scenario, ceil_ok, sus_ok, same, not tiny, ceil_dev is not None and ceil_dev <= 10,
                    sus_dev is not None and sus_dev <= 10))
    for r in rs:
        for figure, col in (("ceiling", 2), ("knee", 4), ("sustainable", 5)):
            if num(r[col]):
                series_runs.setdefault(int(r[1]), {})[f"{scenario}/{figure}"] = num(r[col])
    for col in (2, 5):
        vals = [num(r[col]) for r in rs if num(r[col])]
        pairs += [abs(a - b) / min(a, b) * 100 for i, a in enumerate(vals) for b in vals[i + 1:]]
print("## Goals (issues 19 and 39)\n\n| scenario | ceiling within ±10 % of median or intervals overlap (19) | sustainable likewise (19) "
      "| ceiling within ±10 % of median (39) | sustainable likewise (39) | same bottleneck | no sustainable < 5 % of ceiling |"
      "\n|---|---|---|---|---|---|---|")
yes = lambda b: "yes" if b else "**no**"
for s, c, u, b, t, c39, u39 in summary:
    print(f"| {s} | {yes(c)} | {yes(u)} | {yes(c39)} | {yes(u39)} | {yes(b)} | {yes(t)} |")
late = [f"{d // 60}m{d % 60:02d}s" for d in durations if d > 480]
print(f"\nprobes within 8 minutes (issue 39): {len(durations) - len(late)} of {len(durations)}" + (f" (not: {', '.join(late)})" if late else ""))
for k in range(1, runs + 1):
    named = [r[0] for r in rows if r[1] == str(k) and r[7].endswith("/ host")]
    print(f"\nrun {k}: {len(named)} scenario(s) whose verdict is the host" + (f" ({', '.join(named)})" if named else ""), end="")
print(" (issue 39: at most one per run)")
compared = open(sys.argv[10]).read().strip()
if compared:
    print(f"\n`mqprobe compare --run-noise` of these runs, with the noise the series before measured:\n\n```\n{compared}\n```")
# every series counts: the file keeps every run's figures, and compare takes the largest gap between two runs of one code
noise_file, figures_since, options, stamp, build = sys.argv[5:10]
noise = json.load(open(noise_file)) if os.path.exists(noise_file) else {"fallbackPct": 20, "series": []}
noise["figuresSince"] = figures_since
noise["series"].append({"stamp": stamp, "build": build, "figuresSince": figures_since, "probeOptions": options,
                        "machine": open(sys.argv[4]).read().strip().removeprefix("machine: "), "runs": [series_runs[k] for k in sorted(series_runs)]})
json.dump(noise, open(noise_file, "w"), indent=1)
if pairs:
    print(f"\nrun-to-run noise in this series: two runs' ceilings or sustainable loads lay up to {max(pairs):.1f} % apart "
          f"(median {statistics.median(pairs):.1f} %, {len(pairs)} pairs)")
PY
cat "$out/comparison.md"
echo "written: $out/comparison.md" >&2

# every series counts: each one is appended to bench/README.md, with its build, whatever it showed
readme=bench/README.md
heading="## Every series run (appended by bench/reproducibility.sh)"
grep -qxF "$heading" "$readme" || printf '\n%s\n\nEach series this script ran, as it ran: not chosen afterwards.\n' "$heading" >>"$readme"
{
  printf '\n### Series %s, build %s%s, `bench/reproducibility.sh --runs %s%s`\n\n' "$(basename "$out")" "$build" "$dirty" \
    "$runs" "${probe_args[*]:+ -- ${probe_args[*]}}"
  # the comparison without its own title, headings one level down
  tail -n +2 "$out/comparison.md" | sed 's/^## /#### /'
} >>"$readme"
echo "appended to $readme" >&2
