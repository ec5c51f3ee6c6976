#!/usr/bin/env bash
# Where the brokers' CPU lines reach their threshold, as measured and as they would at one host speed: per scenario of
# each series that bench/reproducibility.sh ran, each run's sustainable load, the rate where the line through its paced
# steps' broker CPU reaches 75 % of the quota (the busiest broker's, as the search reads it), and that rate again with
# each step's CPU scaled by the host's memory speed read beside that step, to one reference speed for every run given;
# and, as measured, the rate a threshold on the CPU beyond the line's fixed part would give (75 % of the quota less
# what the line costs at no load, spent on the rate): three quarters of where the line reaches the whole quota.
#
#   bench/host-speed-crossings.sh [SERIES_DIR...]     (default: every bench/target/reproducibility/*/)
#
# Reads the runs' result.json only: the paced steps of each scenario, holds left out (a hold measures three times a
# search step). The reference speed is the median over every paced step of every series given, so the scaled crossings
# say what the runs would have found had the host copied memory equally fast through all of them. A crossing that comes
# closer to its series' median once scaled says the host's speed, not the brokers, moved it. The last figure asks
# whether judging the rate's own part of the CPU would steady the answers, the level of the line moving from run to run.
set -euo pipefail
cd "$(dirname "$0")/.."
dirs=("$@")
((${#dirs[@]})) || dirs=(bench/target/reproducibility/*/)
python3 - "${dirs[@]}" <<'PY'
import glob, json, os, statistics, sys

SPEED, THRESHOLD = "mem.speed.mb_per_cpu_s", 75.0
dirs = sys.argv[1:]

def paced_steps(scenario):
    """the search's paced steps with their busiest-broker CPU readings and the host's memory speed beside them"""
    paced = [s for s in scenario["steps"] if s.get("targetRecordsPerSecond")]
    if not paced:
        return []
    shortest = min(s["measuredMs"] for s in paced)
    rows = []
    for step in (s for s in paced if s["measuredMs"] < 2 * shortest):
        speed = [r["mean"] for r in step["resources"] if r["source"] == "host" and r["metric"] == SPEED]
        cpu = {r["source"]: 100 * r["mean"] / r["capacity"] for r in step["resources"]
               if r["source"].startswith("broker") and r["metric"] == "cpu.cores" and r.get("capacity")}
        if speed and cpu:
            rows.append((step["targetRecordsPerSecond"], speed[0], cpu))
    return rows

def crossing(rows, scale, threshold=THRESHOLD):
    """the lowest rate where a broker's least-squares line (slope at least zero) reaches the threshold"""
    found = []
    for broker in rows[0][2]:
        pts = [(rate, cpu[broker] * scale(speed)) for rate, speed, cpu in rows if broker in cpu]
        if len(pts) < 2:
            continue
        mx = statistics.fmean(p[0] for p in pts); my = statistics.fmean(p[1] for p in pts)
        sxx = sum((x - mx) ** 2 for x, _ in pts)
        slope = max(0.0, sum((x - mx) * (y - my) for x, y in pts) / sxx) if sxx else 0.0
        if slope > 0:
            found.append(mx + (threshold - my) / slope)
    return min(found) if found else None

def deviation(values):
    values = [v for v in values if v]
    if len(values) < 2:
        return None
    median = statistics.median(values)
    return 100 * max(abs(v - median) for v in values) / median

series = {}
for d in dirs:
    for path in sorted(glob.glob(os.path.join(d, "run-*", "result.json"))):
        for scenario in json.load(open(path))["scenarios"]:
            series.setdefault((os.path.basename(os.path.normpath(d)), scenario["name"]), []).append(scenario)
speeds = [speed for runs in series.values() for s in runs for _, speed, _ in paced_steps(s)]
if not speeds:
    sys.exit("no paced steps with the host's memory speed in " + " ".join(dirs))
reference = statistics.median(speeds)
print(f"reference memory speed {reference:,.0f} MB per CPU-second (median of {len(speeds)} paced steps)")
tally = {"sustainable": [], "crossing": [], "scaled": [], "beyond fixed": []}
for (name, scenario), runs in series.items():
    figures = {key: [] for key in tally}
    for s in runs:
        rows = paced_steps(s)
        held = ((s.get("verdict") or {}).get("sustainable") or {}).get("recordsPerSecond")
        figures["sustainable"].append(held)
        figures["crossing"].append(crossing(rows, lambda speed: 1.0) if rows else None)
        figures["scaled"].append(crossing(rows, lambda speed: speed / reference) if rows else None)
        whole = crossing(rows, lambda speed: 1.0, 100.0) if rows else None
        figures["beyond fixed"].append(None if whole is None else THRESHOLD / 100 * whole)
    cells = []
    for key, values in figures.items():
        spread = deviation(values)
        tally[key].append(spread)
        shown = " / ".join("–" if v is None else f"{v / 1000:.0f}k" for v in values)
        cells.append(f"{key} {shown} ({'–' if spread is None else f'{spread:.0f} %'})")
    print(f"{name} {scenario:<18} " + "   ".join(cells))
for key, spreads in tally.items():
    known = [s for s in spreads if s is not None]
    if known:
        within = sum(1 for s in known if s <= 10)
        print(f"{key}: within ±10 % of the series' median in {within} of {len(known)} scenario series; "
              f"largest deviation median {statistics.median(known):.1f} %")
PY
