#!/usr/bin/env bash
# Whether the brokers' CPU per record moves from run to run with the host or on its own: per scenario of each series
# that bench/reproducibility.sh ran, each run's level of the brokers' CPU per record and of the load generator's (a
# JVM of its own on the same cores), at equal rate and equal records per request, and how the two levels correlate.
#
#   bench/host-speed-levels.sh [SERIES_DIR...]     (default: every bench/target/reproducibility/*/)
#
# Reads the runs' result.json only: the paced steps of each scenario (the load generator throttled in under 5 % of its
# quota's periods, so its CPU is what the work cost it, not what its quota let it use). Per scenario and series it
# fits log(CPU per record) to log(rate) and log(records per request), common to the runs, plus a level per run (least
# squares within the runs); a run's level is how much dearer than its series' mean the work was in that run at equal
# rate and batching. Equal levels for both processes mean the host ran the work slower or faster for everyone. Last,
# how many scenario series held their sustainable loads within ±10 % of the median, as measured and scaled by the load
# generator's speed at the step that held each (what reproducibility.sh prints per series).
set -euo pipefail
cd "$(dirname "$0")/.."
dirs=("$@")
((${#dirs[@]})) || dirs=(bench/target/reproducibility/*/)
python3 - "${dirs[@]}" <<'PY'
import glob, json, math, os, statistics, sys

def levels(points):
    """points: (run, x1, x2, y); the per-run levels of y (mean 0) with slopes on x1, x2 common to the runs"""
    runs = sorted({p[0] for p in points})
    mean = {r: [statistics.fmean(p[i] for p in points if p[0] == r) for i in (1, 2, 3)] for r in runs}
    d = [(p[1] - mean[p[0]][0], p[2] - mean[p[0]][1], p[3] - mean[p[0]][2]) for p in points]
    s11 = sum(a * a for a, _, _ in d); s22 = sum(b * b for _, b, _ in d); s12 = sum(a * b for a, b, _ in d)
    s1y = sum(a * y for a, _, y in d); s2y = sum(b * y for _, b, y in d)
    det = s11 * s22 - s12 * s12
    if abs(det) < 1e-12:  # records per request the same at every step: the rate alone
        b1, b2 = (s1y / s11 if s11 else 0.0), 0.0
    else:
        b1, b2 = (s1y * s22 - s2y * s12) / det, (s2y * s11 - s1y * s12) / det
    lv = {r: m[2] - b1 * m[0] - b2 * m[1] for r, m in mean.items()}
    mid = statistics.fmean(lv.values())
    return {r: v - mid for r, v in lv.items()}

def held_speed(scenario):
    """the sustainable load in MB/s and the load generator's MB per CPU-second at the step that held it, or None"""
    s = (scenario.get("verdict") or {}).get("sustainable")
    if not s:
        return None
    index = s.get("heldStep") if s.get("heldStep") is not None else s.get("step")
    step = next((x for x in scenario.get("steps", []) if x.get("index") == index), None)
    cores = step and next((r["mean"] for r in step.get("resources", []) if r["source"] == "client" and r["metric"] == "cpu.cores"), None)
    return (s["bytesPerSecond"] / 1e6, step["bytesPerSecond"] / 1e6 / cores) if cores else None

def deviation(values):
    mid = statistics.median(values)
    return max(abs(v - mid) / mid for v in values) * 100

broker_all, client_all, within = [], [], [0, 0, 0]  # within ±10 %: as measured, scaled; scenario series
for series in sys.argv[1:]:
    rows = {}  # scenario -> list of (run, log rate, log records per request, log broker CPU/record, log client CPU/record)
    held = {}  # scenario -> list of (sustainable MB/s, load generator MB per CPU-second at its held step)
    for path in sorted(glob.glob(os.path.join(series, "run-*/result.json"))):
        run = path.split("run-")[-1].split("/")[0]
        try:
            result = json.load(open(path))
        except (OSError, ValueError):
            continue
        for scenario in result.get("scenarios", []):
            if held_speed(scenario):
                held.setdefault(scenario["name"], []).append(held_speed(scenario))
            for step in scenario.get("steps", []):
                if not step.get("targetRecordsPerSecond") or not step.get("recordsPerSecond"):
                    continue
                res = {(r["source"], r["metric"]): r["mean"] for r in step.get("resources", [])}
                brokers = sum(v for (s, m), v in res.items() if s.startswith("broker-") and m == "cpu.cores")
                client = res.get(("client", "cpu.cores"))
                per_request = res.get(("producers", "records-per-request-avg"))
                if not client or not brokers or not per_request or res.get(("client", "cpu.throttled.share"), 0) > 0.05:
                    continue
                rate = step["recordsPerSecond"]
                rows.setdefault(scenario["name"], []).append(
                    (run, math.log(rate), math.log(per_request), math.log(brokers / rate), math.log(client / rate)))
    for scenario, pts in rows.items():
        if len({p[0] for p in pts}) < 2:
            continue
        b = levels([(p[0], p[1], p[2], p[3]) for p in pts])
        c = levels([(p[0], p[1], p[2], p[4]) for p in pts])
        pct = lambda lv: " ".join(f"{(math.exp(v) - 1) * 100:+5.1f}" for _, v in sorted(lv.items()))
        print(f"{os.path.basename(series.rstrip('/'))} {scenario:<17} runs' levels, brokers {pct(b)} %   load generator {pct(c)} %")
        broker_all += [b[r] for r in sorted(b)]; client_all += [c[r] for r in sorted(c)]
    for scenario, pairs in held.items():
        if len(pairs) > 1:
            mid = statistics.median(speed for _, speed in pairs)
            within[0] += deviation([mb for mb, _ in pairs]) <= 10
            within[1] += deviation([mb * mid / speed for mb, speed in pairs]) <= 10
            within[2] += 1
if len(broker_all) > 2:
    sd = lambda v: statistics.pstdev(v) * 100
    print(f"\n{len(broker_all)} run levels: brokers' standard deviation {sd(broker_all):.1f} %, the load generator's "
          f"{sd(client_all):.1f} %, correlation {statistics.correlation(broker_all, client_all):.2f}; the brokers' level "
          f"less the load generator's {sd([x - y for x, y in zip(broker_all, client_all)]):.1f} %")
if within[2]:
    # a diagnosis, not a figure: the load generator's cost per MB at the held step carries the batching too
    print(f"sustainable loads within ±10 % of their series' median: {within[0]} of {within[2]} scenario series as measured, "
          f"{within[1]} scaled to the median speed of the load generator at the step that held each")
PY
