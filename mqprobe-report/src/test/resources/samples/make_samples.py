#!/usr/bin/env python3
"""Regenerates the sample result documents the report tests render (python3 make_samples.py).

The figures are invented but shaped like real runs on a 2-core box (see /work/shared/notes), so the
report can be checked by eye: four probe scenarios with knees, a single e2e run, an interrupted probe
and an empty incomplete document. Deterministic: same seed, same files.
"""
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
MB = 1_000_000
RECORD = 1024
T0 = 1763767805000  # 2025-11-21T23:30:05Z
rnd = random.Random(42)


def iso(epoch_ms):
    import datetime
    return datetime.datetime.fromtimestamp(epoch_ms / 1000, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def noisy(v, pct=0.05):
    return v * (1 + rnd.uniform(-pct, pct))


def latency(p99_ms, scale=1.0):
    p99 = p99_ms * 1000 * scale
    return {"p50": round(p99 * 0.28), "p95": round(p99 * 0.66), "p99": round(p99), "p999": round(p99 * 2.5),
            "max": round(p99 * 3.8), "mean": round(p99 * 0.33)}


class Run:
    """Accumulates intervals and timeline samples while steps are simulated second by second."""

    def __init__(self, brokers):
        self.t = T0
        self.brokers = brokers
        self.intervals = []
        self.timeline = []

    def sample(self, source, metric, value, capacity=None):
        self.timeline.append({"epochMs": self.t, "source": source, "metric": metric,
                              "value": round(value, 3), "capacity": capacity})

    def second(self, scenario, step, phase, bps, p99_ms, load, e2e=False):
        rps = bps / RECORD
        self.intervals.append({
            "epochMs": self.t, "scenario": scenario, "step": step, "phase": phase,
            "sentPerSecond": round(noisy(rps * 1.002)), "ackedPerSecond": round(rps), "bytesPerSecond": round(bps),
            "p99Us": round(noisy(p99_ms * 1000, 0.2)), "errors": 0,
            "consumedPerSecond": round(noisy(rps, 0.02)) if e2e else None,
            "e2eP99Us": round(noisy(p99_ms * 1300, 0.2)) if e2e else None})
        for b in self.brokers:
            share = load.get(b, 0.0)
            src = f"broker-{b}"
            self.sample(src, "cpu.cores", noisy(0.05 + 1.85 * share), 2.0)
            self.sample(src, "disk.write.bytes_per_s", noisy(bps * share * load.get("rf", 1) * 1.02 + 20000), 1.7e9)
            self.sample(src, "net.rx.bytes_per_s", noisy(bps * share * 1.05 + 5000), 3.75e9)
            self.sample(src, "net.tx.bytes_per_s", noisy(bps * share * (load.get("rf", 1) - 1) * 0.5 + 3000), 3.75e9)
            self.sample(src, "log.leader_write.bytes_per_s", noisy(bps * share), None)
            self.sample(src, "log.follower_write.bytes_per_s", noisy(bps * share * (load.get("rf", 1) - 1)), None)
            self.sample(src, "kafka.request_handler_idle.pct", max(1.0, noisy(97 - 90 * share, 0.03)), 100)
            self.sample(src, "mem.rss.bytes", noisy(700e6 + 300e6 * share, 0.01), None)
        self.sample("client", "cpu.cores", noisy(0.1 + load.get("client", 0.5) * 1.8), 2.0)
        self.sample("client", "mem.rss.bytes", noisy(400e6, 0.02), None)
        self.sample("host", "cpu.iowait.pct", noisy(2 + 10 * load.get("io", 0.2)), 100)
        if e2e:
            self.sample("cluster", "group.lag.messages", max(0, noisy(rps * 0.01, 0.8)), None)
        self.t += 1000

    def step(self, scenario, index, clients, bps, p99_ms, load, warmup_s=2, measured_s=5, e2e=False, target=None):
        started = self.t
        for _ in range(warmup_s):
            self.second(scenario, index, "warmup", bps * 0.8, p99_ms * 1.4, load, e2e)
        window_start = self.t
        for _ in range(measured_s):
            self.second(scenario, index, "measure", bps, p99_ms, load, e2e)
        resources = self.resources(window_start, self.t)
        rps = bps / RECORD
        step = {"index": index, "clients": clients, "targetRecordsPerSecond": target, "startedAt": iso(started),
                "warmupMs": warmup_s * 1000, "measuredMs": measured_s * 1000,
                "records": round(rps * measured_s), "bytes": round(bps * measured_s),
                "recordsPerSecond": round(rps, 1), "bytesPerSecond": round(bps, 1),
                "errors": {}, "latencyUs": latency(p99_ms), "serviceLatencyUs": latency(p99_ms, 0.92),
                "e2eLatencyUs": None, "consumed": None, "resources": resources}
        self.t += 1000  # pause between steps
        return step

    def resources(self, start, end):
        groups = {}
        for s in self.timeline:
            if start <= s["epochMs"] < end:
                groups.setdefault((s["source"], s["metric"]), []).append(s)
        out = []
        for (source, metric), samples in sorted(groups.items()):
            values = [s["value"] for s in samples]
            out.append({"source": source, "metric": metric, "mean": round(sum(values) / len(values), 3),
                        "peak": round(max(values), 3), "capacity": samples[0]["capacity"]})
        return out


def point(steps, i, extra=None):
    p = {"step": i, "recordsPerSecond": steps[i]["recordsPerSecond"], "bytesPerSecond": steps[i]["bytesPerSecond"]}
    p.update(extra or {})
    return p


def header(command, argv, brokers, complete=True, interrupted=False):
    return {
        "schema": "mqprobe.result/v1", "mqprobeVersion": "0.1.0", "command": command, "argv": argv,
        "complete": complete, "interrupted": interrupted, "failure": None,
        "startedAt": iso(T0 - 5000), "finishedAt": None,
        "target": {"driver": "kafka", "bootstrap": "127.0.0.1:39092", "embedded": True,
                   "brokers": [{"id": b, "host": "127.0.0.1", "port": 39090 + 2 * b} for b in brokers],
                   "clientProperties": {"security.protocol": "PLAINTEXT", "sasl.jaas.config": "[redacted]"}},
        "environment": {"hostname": "box", "cores": 2, "memoryBytes": 25769803776, "os": "Linux 6.1.0", "java": "17.0.15"},
        "ceilings": {"diskWriteBytesPerSecond": 1.7e9, "diskSource": "probed", "nicBytesPerSecond": 3.75e9, "nicSource": "configured"},
        "thresholds": {"cpuPct": 75, "iowaitPct": 40, "nicPct": 80, "diskPct": 80, "sloP99Ms": 200},
    }


SCENARIOS = [
    # name, description, partitions, rf, acks, placement, MB/s per step, p99 ms per step, load shares, verdict
    ("single", "1 partition, RF 1, acks=1: one partition's ceiling", 1, 1, "1", "broker 1",
     [61, 88, 94, 95], [3.1, 4.5, 9.8, 24.0], lambda c: {1: 0.3 + 0.1 * c, "client": 0.35 + 0.16 * c},
     (3, 2, 1, "cpu", "client", "client CPU 1.90/2 cores at the knee: mqprobe itself is the limit",
      ["client CPU 1.90/2 cores (95 %)", "broker-1 CPU 1.12/2 cores (56 %)", "disk 6 % of ceiling", "NIC 3 % of ceiling"],
      "client CPU 1.62/2 cores (81 %) > 75 % at step 2")),
    ("broker-ceiling", "4 partitions, RF 1, all on broker 1, acks=1: one broker's ceiling", 4, 1, "1", "all on broker 1",
     [58, 92, 110, 114, 115], [2.8, 3.9, 6.1, 15.0, 41.0], lambda c: {1: 0.15 + 0.17 * c, "client": 0.3 + 0.1 * c},
     (4, 3, 2, "cpu", "broker-1", "broker-1 CPU 1.96/2 cores at the knee",
      ["broker-1 CPU 1.96/2 cores (98 %)", "disk 7 % of ceiling", "NIC 3 % of ceiling", "client CPU 1.10/2 cores (55 %)"],
      "broker-1 CPU 1.62/2 cores (81 %) > 75 % at step 3")),
    ("replicated-all", "6 partitions, RF 3, acks=all: durable capacity", 6, 3, "all", "broker-chosen",
     [32, 45, 48.5, 49, 48.8], [6.0, 9.5, 18.0, 55.0, 130.0],
     lambda c: {1: 0.2 + 0.12 * c, 2: 0.25 + 0.14 * c, 3: 0.2 + 0.12 * c, "rf": 3, "client": 0.2 + 0.08 * c, "io": 0.5},
     (3, 2, 1, "replication", "broker-2", "broker-2 request handlers 6 % idle: followers cannot keep up",
      ["broker-2 request-handler idle 6 %", "broker-2 CPU 1.65/2 cores (83 %)", "follower write 97 MB/s on broker-2", "disk 9 % of ceiling"],
      "broker-2 CPU 1.52/2 cores (76 %) > 75 % at step 2")),
    ("replicated-leader", "6 partitions, RF 3, acks=1: peak leader traffic", 6, 3, "1", "broker-chosen",
     [40, 60, 66, 67, 67], [4.0, 6.5, 11.0, 30.0, 90.0],
     lambda c: {1: 0.22 + 0.12 * c, 2: 0.22 + 0.12 * c, 3: 0.22 + 0.12 * c, "rf": 3, "client": 0.25 + 0.09 * c, "io": 0.4},
     (3, 2, 1, "cpu", "broker-3", "broker-3 CPU 1.88/2 cores at the knee",
      ["broker-3 CPU 1.88/2 cores (94 %)", "disk 12 % of ceiling", "NIC 5 % of ceiling"],
      "broker-3 CPU 1.56/2 cores (78 %) > 75 % at step 2")),
]


def scenario(run, spec, max_steps=None):
    name, description, partitions, rf, acks, placement, mbs, p99s, load, verdict = spec
    steps = []
    for i, (mb, p99) in enumerate(zip(mbs, p99s)):
        if max_steps is not None and i >= max_steps:
            break
        steps.append(run.step(name, i, i + 1, mb * MB, p99, load(i + 1)))
    complete = max_steps is None
    v = None
    if complete:
        ceiling, knee, sustainable, resource, source, summary, evidence, limited = verdict
        v = {"ceiling": point(steps, ceiling), "knee": point(steps, knee),
             "sustainable": point(steps, sustainable, {"limitedBy": limited}),
             "bottleneck": {"resource": resource, "source": source, "summary": summary, "evidence": evidence},
             "stopReason": "plateau: throughput gain below 5 % for 2 steps"}
    return {"name": name, "description": description, "skipped": None,
            "topic": {"name": f"mqprobe-{name}-1a2b", "partitions": partitions, "replicationFactor": rf, "placement": placement},
            "producer": {"recordSizeBytes": RECORD, "acks": acks, "properties": {"batch.size": "1048576", "linger.ms": "5"}},
            "steps": steps, "verdict": v}


def write(name, doc):
    # one timeline sample / interval per line keeps the file diffable without bloating it
    big = {k: doc.pop(k) for k in ("intervals", "timeline")}
    text = json.dumps(doc, indent=2, ensure_ascii=False)[:-2]
    for key, rows in big.items():
        text += f',\n  "{key}": [\n' + ",\n".join("    " + json.dumps(r, ensure_ascii=False) for r in rows) + "\n  ]"
    text += "\n}\n"
    json.loads(text)
    with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
        f.write(text)


def full_probe():
    run = Run([1, 2, 3])
    doc = header("probe", [], [1, 2, 3])
    doc["scenarios"] = [scenario(run, s) for s in SCENARIOS]
    doc["finishedAt"] = iso(run.t)
    doc["summary"] = {"headline": "3 × 48.5 MB/s",
                      "lines": ["per-partition ceiling 95.0 MB/s (single)", "per-broker ceiling 115.0 MB/s (broker-ceiling)",
                                "durable floor (acks=all) 48.5 MB/s, replicated 3×", "peak leader traffic (acks=1) 67.0 MB/s"],
                      "clientLimited": False,
                      "notes": ["scenario single stopped at the client's CPU: its ceiling is a lower bound"]}
    doc["intervals"], doc["timeline"] = run.intervals, run.timeline
    write("probe-full.json", doc)


def interrupted_probe():
    run = Run([1, 2, 3])
    doc = header("probe", ["--scenarios", "single,broker-ceiling,replicated-all"], [1, 2, 3], complete=False, interrupted=True)
    doc["scenarios"] = [scenario(run, SCENARIOS[0]), scenario(run, SCENARIOS[1], max_steps=2)]
    doc["summary"] = None
    doc["intervals"], doc["timeline"] = run.intervals, run.timeline
    write("probe-interrupted.json", doc)


def e2e_single():
    run = Run([1])
    doc = header("e2e", ["--rate", "20000", "--duration", "20s"], [1])
    bps = 20000 * RECORD
    step = run.step("e2e", 0, 1, bps, 4.1, {1: 0.45, "client": 0.5}, warmup_s=3, measured_s=20, e2e=True, target=20000)
    step["errors"] = {"TimeoutException": 3, "NotLeaderOrFollowerException": 1}
    measured = [i for i in run.intervals if i["phase"] == "measure"]
    measured[6]["errors"], measured[13]["errors"] = 3, 1
    step["e2eLatencyUs"] = latency(5.3)
    step["consumed"] = {"records": step["records"] - 3, "bytesPerSecond": bps * 0.999, "lost": 0, "duplicates": 2, "outOfOrder": 0}
    doc["scenarios"] = [{"name": "e2e", "description": "20,000 records/s of 1 KiB, produced and consumed", "skipped": None,
                         "topic": {"name": "mqprobe-e2e-77aa", "partitions": 3, "replicationFactor": 1, "placement": "broker-chosen"},
                         "producer": {"recordSizeBytes": RECORD, "acks": "all", "properties": {"linger.ms": "1"}},
                         "steps": [step], "verdict": None}]
    doc["finishedAt"] = iso(run.t)
    doc["summary"] = {"headline": None, "lines": [], "clientLimited": False, "notes": []}
    doc["intervals"], doc["timeline"] = run.intervals, run.timeline
    write("e2e-single.json", doc)


def empty_incomplete():
    doc = {"schema": "mqprobe.result/v1", "mqprobeVersion": "0.1.0", "command": "probe", "argv": [],
           "complete": False, "interrupted": False, "failure": None, "startedAt": iso(T0), "finishedAt": None,
           "target": {"driver": "kafka", "bootstrap": None, "embedded": True, "brokers": [], "clientProperties": {}},
           "environment": None, "ceilings": None, "thresholds": None, "scenarios": [], "intervals": [], "timeline": [],
           "summary": None}
    with open(os.path.join(HERE, "empty-incomplete.json"), "w", encoding="utf-8") as f:
        f.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    full_probe()
    interrupted_probe()
    e2e_single()
    empty_incomplete()
