#!/usr/bin/env bash
# What one paced rate costs a warm broker, held long enough to read it well: the cost line the sustainable search
# judges, without its 4-second steps. Starts the default probe's brokers (3 × 0.3c2g, as root), creates one topic
# with one partition on one leader (the single scenario: RF 1, acks=1, linger.ms=5, 1 MiB batches, 1 KiB records),
# warms its leader at the highest rate for 30 s, then runs each rate for --seconds, the rates alternating over
# --rounds. Per run it prints the leader's cores outside its JIT compiler threads (user and system, from
# /proc/PID/task/*/stat every second, the first 10 s left out), its compilers' cores, the spread of its 5-second
# readings (what a paced step of the probe reads), and that as a share of the brokers' CPU quota.
#
# --linger "5 20" runs every rate at each producer linger.ms in turn (5, Kafka's default and the probe's, alone by
# default), and the table gives the producer's records per request and requests a second beside the broker's cores:
# a broker's cost per request, apart from its cost per record, shows as the cores one rate costs at fewer, fuller
# requests.
#
# --leaders "1 2 3" gives each of those brokers a topic it leads alone (kafka-topics' --replica-assignment) and runs
# every rate on each of them in turn, round after round: brokers that live side by side on the same host at the same
# minutes. Whether a broker's cost is set for its life or moves with the hour then shows as one broker dearer than
# its neighbours in every round, or all of them moving together from round to round.
#
# --monitor "off on" runs every rate without and with mqprobe's resource monitors (JMX and /proc every second, as the
# probe samples its brokers; off alone by default) in turn: what watching the brokers costs them, within one lifetime.
#
# --broker-spec 0.3c8g gives the brokers another quota or memory limit (default 0.3c2g, the probe's default of
# 2026-12-03). A broker's page cache is charged to its memory limit, so at 2 GiB beside a 1 GiB heap its own threads
# reclaim pages as they write: a larger limit shows what that reclaim costs it in system time.
#
#   bench/paced-broker-cost.sh [--rates "30000 100000"] [--seconds 45 (20 or more)] [--rounds 2] [--linger "5 20"]
#                              [--monitor "off on"] [--leaders "1 2 3"] [--broker-spec 0.3c2g] [--no-build]
#   defaults: about 7 minutes
set -euo pipefail
cd "$(dirname "$0")/.."
rates="30000 100000" seconds=45 rounds=2 build=1 leaders= lingers=5 monitors=off spec=0.3c2g
source bench/args.sh
while [[ $# -gt 0 ]]; do
  case $1 in
    --rates) rates=$(value_of "$@"); shift 2 ;;
    --leaders) leaders=$(value_of "$@"); shift 2 ;;
    --linger) lingers=$(value_of "$@"); shift 2 ;;
    --monitor) monitors=$(value_of "$@"); shift 2 ;;
    --broker-spec) spec=$(value_of "$@"); shift 2 ;;
    --seconds) seconds=$(value_of "$@"); shift 2 ;;
    --rounds) rounds=$(value_of "$@"); shift 2 ;;
    --no-build) build=0; shift ;;
    *) echo "unknown option $1 (see the header of $0)" >&2; exit 2 ;;
  esac
done
# the first 10 s of a run are left out and its spread needs at least two 5-second windows after them
[[ $seconds =~ ^[0-9]+$ && $seconds -ge 20 ]] || { echo "--seconds: at least 20, not '$seconds'" >&2; exit 2; }
[[ $monitors =~ ^(on|off)( (on|off))*$ ]] || { echo "--monitor: on and off apart by spaces, not '$monitors'" >&2; exit 2; }
[[ $spec =~ ^([0-9.]+)c[0-9]+g$ ]] || { echo "--broker-spec: cores and GiB as 0.3c2g, not '$spec'" >&2; exit 2; }
quota=${BASH_REMATCH[1]}
[[ $lingers =~ ^[0-9]+( [0-9]+)*$ ]] || { echo "--linger: milliseconds apart by spaces, not '$lingers'" >&2; exit 2; }
source bench/lib.sh
results=$(mktemp -d)
trap '"${mqprobe[@]}" cluster down >/dev/null 2>&1 || true; rm -rf "$MQPROBE_HOME" "$results"' EXIT
[[ $build == 1 ]] && build_bench "$results/build.log"

"${mqprobe[@]}" cluster up --brokers 3 --broker-spec "$spec" --client-cores 0.4 >&2
status=$("${mqprobe[@]}" cluster status)   # read once: a JVM start each, and the brokers stay the same
pids=$(awk '$1 ~ /^[0-9]+$/ && $2 ~ /^[0-9]+$/ { print $2 }' <<<"$status")
[[ -n $pids ]] || { echo "no broker pids in 'cluster status'" >&2; exit 1; }
leader_ids=($leaders)
((${#leader_ids[@]})) || leader_ids=("")   # unpinned: one run per rate, on the leader Kafka picked
for id in $leaders; do
  [[ $(awk -v id="$id" '$1 == id' <<<"$status") ]] || { echo "--leaders: no broker $id" >&2; exit 2; }
done
topic=bench-paced-$$
settings=(--create-topic --keep-topics --partitions 1 --replication-factor 1 --record-size 1KiB
          --client-cores 0.4 --producer-props batch.size=1048576 buffer.memory=16777216 acks=1)
# topic_of LEADER: the run's topic, one per --leaders broker, created on it alone before its first run
topic_of() { echo "$topic${1:+-b$1}"; }
bootstrap=$(awk '$1 == "bootstrap" { print $2 }' <<<"$status")
for id in $leaders; do
  java -cp "$cp" org.apache.kafka.tools.TopicCommand --bootstrap-server "$bootstrap" --create --topic "$(topic_of "$id")" \
    --replica-assignment "$id" >&2
done

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

# produce_at RATE SECONDS LABEL LINGER MONITOR [LEADER]: one run at linger.ms LINGER with mqprobe's monitors on or off
# (on LEADER's topic), its brokers sampled into $results/LABEL and the producer's summary in $results/LABEL.out
produce_at() {
  touch "$results/sampling"
  sample_brokers "$results/$3" &
  local sampler=$!
  local watch=(); [[ $5 == off ]] && watch=(--no-monitor)
  "${mqprobe[@]}" produce --topic "$(topic_of "${6:-}")" "${watch[@]}" "${settings[@]}" "linger.ms=$4" --throughput "$1" \
    --duration "$2s" >"$results/$3.out" 2>&1
  rm -f "$results/sampling"
  wait "$sampler"
}

highest=$(tr ' ' '\n' <<<"$rates" | sort -n | tail -1)
for id in "${leader_ids[@]}"; do
  echo "warming the leader${id:+ broker-$id} at $highest msgs/s for 30 s ..." >&2
  produce_at "$highest" 30 "warm${id:+-b$id}" "${lingers%% *}" "${monitors%% *}" "$id"
done
machine_line
echo "brokers $spec (quota $quota cores), one partition RF 1, acks=1, linger.ms $lingers, monitors $monitors, 1 KiB records; ${seconds} s a run"
for round in $(seq 1 "$rounds"); do
  for rate in $rates; do
    for linger in $lingers; do
      for watch in $monitors; do
        for id in "${leader_ids[@]}"; do
          produce_at "$rate" "$seconds" "r$round-$rate-l$linger-m$watch${id:+-b$id}" "$linger" "$watch" "$id"
        done
      done
    done
  done
done
leader_pids=$(for id in $leaders; do awk -v id="$id" '$1 == id { print id "=" $2 }' <<<"$status"; done)
python3 - "$results" "$clk_tck" "$rates" "$rounds" "$leader_pids" "$lingers" "$quota" "$monitors" <<'EOF'
import sys, collections, statistics, re
results, tck, rates, rounds = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(), int(sys.argv[4])
leaders = dict(pair.split("=") for pair in sys.argv[5].split())   # broker id -> pid, with --leaders
lingers = sys.argv[6].split()
quota = float(sys.argv[7])
monitors = sys.argv[8].split()

def per_request(label):
    """The producer's records per request, from the summary of its run ("records-per-request-avg  479" or "1.01e+03")."""
    found = re.search(r"records-per-request-avg\s+([\d.]+(?:e[+-]\d+)?)", open(f"{results}/{label}.out").read())
    return float(found.group(1)) if found else float("nan")

print(f"| round | rate msgs/s |{' linger.ms |' if len(lingers) > 1 else ''}{' monitors |' if len(monitors) > 1 else ''}"
      f"{' leader |' if leaders else ''} records per request"
      " | requests/s | leader cores | of them system | of the quota | 5-s readings (cores) | their sd | compilers' cores |")
print("|---|---|" + ("---|" if len(lingers) > 1 else "") + ("---|" if len(monitors) > 1 else "") + ("---|" if leaders else "") + "---|---|---|---|---|---|---|---|")
for r in range(1, rounds + 1):
    for rate, linger, watch, leader_id in [(rate, l, m, b) for rate in rates for l in lingers for m in monitors
                                           for b in (leaders or [None])]:
        label = f"r{r}-{rate}-l{linger}-m{watch}" + (f"-b{leader_id}" if leader_id else "")
        rows = collections.defaultdict(list)
        for line in open(f"{results}/{label}"):
            us, pid, user, system, jit = line.split()
            rows[pid].append((int(us) / 1e6, int(user) + int(system), int(jit), int(system)))
        def cores(v, i, j, k):
            return (v[j][k] - v[i][k]) / tck / (v[j][0] - v[i][0])
        # unpinned, the leader is the broker that worked most; the first 10 s are start-up and the producer's warm-up
        leader = (rows[leaders[leader_id]] if leader_id else max(rows.values(), key=lambda v: v[-1][1] - v[0][1]))[10:]
        windows = [cores(leader, i, i + 5, 1) for i in range(0, len(leader) - 5, 5)]
        whole, jit, system = cores(leader, 0, -1, 1), cores(leader, 0, -1, 2), cores(leader, 0, -1, 3)
        batch = per_request(label)
        print(f"| {r} | {int(rate):,} |{f' {linger} |' if len(lingers) > 1 else ''}{f' {watch} |' if len(monitors) > 1 else ''}"
              f"{f' broker-{leader_id} |' if leader_id else ''}"
              f" {batch:.0f} | {int(rate) / batch:.0f} | {whole:.3f} | {system:.3f} | {whole / quota:.0%}"
              f" | {' '.join(f'{w:.2f}' for w in windows)} | {statistics.pstdev(windows):.3f} | {jit:.3f} |")
EOF
