#!/usr/bin/env bash
# What one paced rate costs a warm broker, held long enough to read it well: the cost line the sustainable search
# judges, without its 4-second steps. Starts the default probe's brokers (3 × 0.3c2g, as root), creates one topic
# with one partition on one leader (the single scenario: RF 1, acks=1, linger.ms=5, 1 MiB batches, 1 KiB records),
# warms its leader at the highest rate for 30 s, then runs each rate for --seconds, the rates alternating over
# --rounds. Per run it prints the leader's cores outside its JIT compiler threads (user and system, from
# /proc/PID/task/*/stat every second, the first 10 s left out), its compilers' cores, the spread of its 5-second
# readings (what a paced step of the probe reads), and that as a share of the 0.3-core quota.
#
#   bench/paced-broker-cost.sh [--rates "30000 100000"] [--seconds 45] [--rounds 2] [--no-build]
#   defaults: about 7 minutes
set -euo pipefail
cd "$(dirname "$0")/.."
rates="30000 100000" seconds=45 rounds=2 build=1
while [[ $# -gt 0 ]]; do
  case $1 in
    --rates) rates=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --no-build) build=0; shift ;;
    *) echo "unknown option $1 (see the header of $0)" >&2; exit 2 ;;
  esac
done
source bench/lib.sh
results=$(mktemp -d)
trap '"${mqprobe[@]}" cluster down >/dev/null 2>&1 || true; rm -rf "$MQPROBE_HOME" "$results"' EXIT
[[ $build == 1 ]] && build_bench "$results/build.log"

"${mqprobe[@]}" cluster up --brokers 3 --broker-spec 0.3c2g --client-cores 0.4 >&2
pids=$("${mqprobe[@]}" cluster status | awk '$1 ~ /^[0-9]+$/ && $2 ~ /^[0-9]+$/ { print $2 }')
[[ -n $pids ]] || { echo "no broker pids in 'cluster status'" >&2; exit 1; }
topic=bench-paced-$$
settings=(--topic "$topic" --create-topic --keep-topics --partitions 1 --replication-factor 1 --record-size 1KiB
          --producer-props linger.ms=5 batch.size=1048576 buffer.memory=16777216 acks=1 --no-monitor --client-cores 0.4)

# sample_brokers OUT: "epoch-µs pid user-ticks system-ticks jit-ticks" per broker every second (user and system
# outside the JIT compiler threads) while $results/sampling exists;
# bash builtins only, so the sampler does not load the cores it measures
sample_brokers() {
  local nap pid task stat comm user sys jit
  exec {nap}<> <(:)
  while [[ -e $results/sampling ]]; do
    for pid in $pids; do
      user=0 sys=0 jit=0
      for task in "/proc/$pid/task/"*; do
        read -r comm 2>/dev/null <"$task/comm" || continue
        read -r stat 2>/dev/null <"$task/stat" || continue
        local -a f=(${stat##*) })
        if [[ $comm == C[12]\ CompilerThre* ]]; then
          jit=$(( jit + f[11] + f[12] ))
        else
          user=$(( user + f[11] )) sys=$(( sys + f[12] ))
        fi
      done
      echo "${EPOCHREALTIME/./} $pid $user $sys $jit" >>"$1"
    done
    read -t 1 -u "$nap" || true
  done
  exec {nap}<&-
}

# produce_at RATE SECONDS LABEL: one run, its brokers sampled into $results/LABEL
produce_at() {
  touch "$results/sampling"
  sample_brokers "$results/$3" &
  local sampler=$!
  "${mqprobe[@]}" produce "${settings[@]}" --throughput "$1" --duration "$2s" >"$results/$3.out" 2>&1
  rm -f "$results/sampling"
  wait "$sampler"
}

highest=$(tr ' ' '\n' <<<"$rates" | sort -n | tail -1)
echo "warming the leader at $highest msgs/s for 30 s ..." >&2
produce_at "$highest" 30 warm
machine_line
echo "brokers 0.3c2g (quota 0.3 cores), one partition RF 1, acks=1, linger.ms=5, 1 KiB records; ${seconds} s a run"
for round in $(seq 1 "$rounds"); do
  for rate in $rates; do
    produce_at "$rate" "$seconds" "r$round-$rate"
  done
done
python3 - "$results" "$clk_tck" "$rates" "$rounds" <<'EOF'
import sys, collections, statistics
results, tck, rates, rounds = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(), int(sys.argv[4])
print("| round | rate msgs/s | leader cores | of them system | of the quota | 5-s readings (cores) | their sd | compilers' cores |")
print("|---|---|---|---|---|---|---|---|")
for r in range(1, rounds + 1):
    for rate in rates:
        rows = collections.defaultdict(list)
        for line in open(f"{results}/r{r}-{rate}"):
            us, pid, user, system, jit = line.split()
            rows[pid].append((int(us) / 1e6, int(user) + int(system), int(jit), int(system)))
        def cores(v, i, j, k):
            return (v[j][k] - v[i][k]) / tck / (v[j][0] - v[i][0])
        # the leader is the broker that worked most; the first 10 s are start-up and the producer's warm-up
        leader = max(rows.values(), key=lambda v: v[-1][1] - v[0][1])[10:]
        windows = [cores(leader, i, i + 5, 1) for i in range(0, len(leader) - 5, 5)]
        whole, jit, system = cores(leader, 0, -1, 1), cores(leader, 0, -1, 2), cores(leader, 0, -1, 3)
        print(f"| {r} | {int(rate):,} | {whole:.3f} | {system:.3f} | {whole / 0.3:.0%} | {' '.join(f'{w:.2f}' for w in windows)}"
              f" | {statistics.pstdev(windows):.3f} | {jit:.3f} |")
EOF
