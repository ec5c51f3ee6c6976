#!/usr/bin/env bash
# The cost of looking: what mqprobe's flight recording costs each broker. Three plain Kafka 4.1.1 brokers
# (bench/external-kafka.sh, no limit) take Kafka's own ProducerPerformance at one fixed rate, with and without
# mqprobe's recording held on every broker (io.mqprobe.bench.HoldRecording: BrokerRecording with a ContainerLimits
# part over JMX, cloned and read every 5 s, exactly as a probe holds it), the two arms alternating ABBA over rounds.
# Each broker JVM's CPU seconds (utime+stime of /proc/PID/stat) are read over the middle half of every run, the same
# window in both arms, and divided by the messages sent in it. The issue's bound: at most 2 % of a broker's CPU.
# The "with" runs also read, in the same window, the CPU of the broker threads that are there only for the recording
# (JFR's, and the JMX connector's RMI threads): its direct cost as a share of the broker's CPU, free of the noise
# between runs that the A/B must average out (see own() below for what it leaves out).
#
#   bench/recording-cost.sh [--rounds N] [--seconds S] [--rate MSGS_PER_S] [--profile]
#   --profile: the recording also holds the probe's profile part (execution and native-method samples every 20 ms,
#   monitor entries and parks over 10 ms, with their stacks), as `probe` holds it unless --no-profile
#   --rate 0: no load at all, so the recording's own CPU (its events, the clone and read every 5 s, the JMX calls)
#   stands alone in cores, free of the load's round-to-round noise (about ±12 % per round at 20000 msgs/s here); its
#   share of a broker's CPU is that figure over the broker's CPU at its ceiling
#   defaults: 4 rounds, 40 s per run, 20000 msgs/s of 1 KiB, acks=all, topic of 3 partitions RF 3 (about 8 minutes;
#   the brokers write rate × 1 KiB × 3 to /tmp: ~19 GiB at the defaults, wiped at the end)
#
# No pins: at 20000 msgs/s the three brokers pinned to core 0 (lib.sh's broker pin) took 0.93-1.00 of it and, cold,
# delivered 8467 msgs/s of 20000 (smoke run, 2026-11-28): one core saturates, and a saturated broker queues requests,
# fattens batches and lowers its CPU per message by itself. Unpinned they share both cores with the producer (and,
# in the "with" arm, HoldRecording). The "cores" column is the brokers' sum: well short of 2 they are not saturated;
# a run that delivered under 97 % of --rate is marked "short".
#
# "without" is no JMX connection at all, so the difference also holds an idle JMX connection's cost (mqprobe's
# monitors hold one anyway). The first recording starts the broker's JFR machinery, which stays (idle) afterwards:
# the warm-up holds one, so every measured run, in either arm, sees the same broker.
# Needs bench/target (mvn -q -o -B -pl bench package -DskipTests, with the other modules installed).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=4 seconds=40 rate=20000 size=1024 profile=
source bench/args.sh
while [[ $# -gt 0 ]]; do
  case $1 in
    --rounds) rounds=$(value_of "$@"); shift 2 ;;
    --seconds) seconds=$(value_of "$@"); shift 2 ;;
    --rate) rate=$(value_of "$@"); shift 2 ;;
    --profile) profile=profile; shift ;;
    *) echo "unknown option $1 (see the header of $0)" >&2; exit 2 ;;
  esac
done
for v in "$rounds" "$seconds"; do [[ $v =~ ^[1-9][0-9]*$ ]] || { echo "'$v' is not a positive whole number" >&2; exit 2; }; done
[[ $rate =~ ^(0|[1-9][0-9]*)$ ]] || { echo "'$rate' is not a whole number of msgs/s" >&2; exit 2; }
(( seconds >= 8 )) || { echo "--seconds must be at least 8 (the window is the middle half of a run)" >&2; exit 2; }
[[ -f bench/target/classes/io/mqprobe/bench/HoldRecording.class ]] \
  || { echo "bench/target lacks HoldRecording: mvn -q -o -B -pl bench package -DskipTests" >&2; exit 2; }
source bench/lib.sh
broker_pin=() client_pin=()   # see "No pins" above; machine_line then says the cores are shared
kdir=/tmp/mqprobe-recording-cost-kafka   # its own cluster dir: never another session's external cluster
work=$(mktemp -d)
tools_log=$work/tools.log
topic=recording-cost
bootstrap=127.0.0.1:9092,127.0.0.1:9093,127.0.0.1:9094
jmx=127.0.0.1:9991,127.0.0.1:9992,127.0.0.1:9993
warm_s=$(( seconds < 20 ? seconds : 20 ))
hold_pid='' perf_pid=''

# the brokers' disk: every broker keeps every partition (RF 3); refuse without that plus 5 GiB to spare
need_gib=$(awk -v r="$rate" -v s="$size" -v t=$(( (2 * rounds * seconds + warm_s) * 3 )) 'BEGIN { printf "%d", r * s * t / 2^30 + 5 }')
free_gib=$(df -P --block-size=1G /tmp | awk 'NR == 2 { print $4 }')
(( free_gib >= need_gib )) || { echo "/tmp has $free_gib GiB free, this run needs about $need_gib" >&2; exit 2; }

stop() {  # PID: TERM, then wait for it (HoldRecording closes its recordings on TERM)
  [[ -n $1 ]] && kill -0 "$1" 2>/dev/null && { kill -TERM "$1" 2>/dev/null || true; wait "$1" 2>/dev/null || true; }
  return 0
}
cleanup() {
  stop "$perf_pid"; stop "$hold_pid"   # the recordings close while their brokers still run
  bench/external-kafka.sh down --dir "$kdir" --wipe >>"$tools_log" 2>&1 || echo "external-kafka.sh down failed (see below)" >&2
  [[ -e $work/failed ]] && tail -20 "$tools_log" >&2
  rm -rf "$MQPROBE_HOME" "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

"${broker_pin[@]}" bench/external-kafka.sh up --dir "$kdir" >"$work/up.out" 2>>"$tools_log" \
  || { touch "$work/failed"; cat "$work/up.out"; echo "the cluster did not start" >&2; exit 1; }
declare -A bpid=()
for id in 1 2 3; do bpid[$id]=$(<"$kdir/broker-$id.pid"); done
"${jvm[@]}" -cp "$cp" org.apache.kafka.tools.TopicCommand --bootstrap-server "$bootstrap" --create --topic "$topic" \
    --partitions 3 --replication-factor 3 --config segment.bytes=134217728 --config retention.bytes=1073741824 \
    >>"$tools_log" 2>&1 || { touch "$work/failed"; echo "topic creation failed" >&2; exit 1; }

# ticks NAME: each broker's utime+stime now, into the array NAME, and the instant into NAME[t] (bash builtins only)
ticks() {
  local -n into=$1
  local id stat
  into[t]=${EPOCHREALTIME/./}
  for id in 1 2 3; do
    read -r stat <"/proc/${bpid[$id]}/stat"
    local -a f=(${stat##*) })
    into[$id]=$(( f[11] + f[12] ))
  done
}

# own NAME: per broker, the utime+stime of each thread that is there only for the recording (the broker's JFR threads,
# its JMX connector's RMI threads), keyed "broker:tid" into the array NAME. The difference of two readings is the
# recording's direct cost inside the broker, measured in the same window as the broker's whole CPU: no second arm,
# so none of the load's round-to-round noise. It leaves out what the recording costs the threads it samples (each
# stack is walked by the sampler thread while its thread is suspended) and a thread that ended between the readings.
own() {
  local -n into=$1
  local id task name stat
  for id in 1 2 3; do
    for task in /proc/${bpid[$id]}/task/*; do
      read -r name <"$task/comm" 2>/dev/null || continue
      [[ $name =~ ^(JFR\ |RMI\ |JMX\ ) ]] || continue
      read -r stat <"$task/stat" 2>/dev/null || continue
      local -a f=(${stat##*) })
      into[$id:${task##*/}]=$(( f[11] + f[12] ))
    done
  done
}

# run ARM ROUND SECONDS: one producer run, HoldRecording around it when ARM is "with"; appends
# "round arm msgs/s window_s events cpu_s(1) cpu_s(2) cpu_s(3)" to $work/rows, the round "warm" is not kept
run() {
  local arm=$1 round=$2 s=$3 events=-
  if [[ $arm == with ]]; then
    "${client_pin[@]}" java -Xmx256m -cp "$cp" io.mqprobe.bench.HoldRecording "$jmx" $(( s + 60 )) $profile \
        >"$work/hold.out" 2>>"$tools_log" &
    hold_pid=$!
    for _ in $(seq 120); do grep -q '^recording on' "$work/hold.out" && break; kill -0 "$hold_pid" 2>/dev/null || break; sleep 0.5; done
    grep -q '^recording on' "$work/hold.out" || { touch "$work/failed"; echo "HoldRecording did not start" >&2; exit 1; }
  fi
  if (( rate > 0 )); then
    "${client_pin[@]}" "${jvm[@]}" -cp "$cp" org.apache.kafka.tools.ProducerPerformance --topic "$topic" \
        --num-records $(( rate * s )) --record-size "$size" --throughput "$rate" \
        --producer-props bootstrap.servers="$bootstrap" acks=all >"$work/perf.out" 2>>"$tools_log" &
  else
    sleep "$s" &   # idle: the brokers' own housekeeping, and the recording when it is held
  fi
  perf_pid=$!
  local -A a=() b=() oa=() ob=()
  sleep "$(awk -v s="$s" 'BEGIN { print s / 4 }')"; ticks a; own oa
  sleep "$(awk -v s="$s" 'BEGIN { print s / 2 }')"; ticks b; own ob
  local -a direct=(0 0 0 0) key
  for key in "${!ob[@]}"; do   # a thread born in the window counts from zero
    direct[${key%%:*}]=$(( direct[${key%%:*}] + ob[$key] - ${oa[$key]:-0} ))
  done
  wait "$perf_pid" || { touch "$work/failed"; echo "ProducerPerformance failed ($arm, round $round)" >&2; exit 1; }
  perf_pid=''
  if [[ $arm == with ]]; then
    stop "$hold_pid"; hold_pid=''
    events=$(awk '/ events,/ { n += $2 } END { print n + 0 }' "$work/hold.out")
  fi
  [[ $round == warm ]] && return 0
  local rps=0
  if (( rate > 0 )); then
    rps=$(tail -1 "$work/perf.out" | sed -nE 's/^[0-9]+ records sent, ([0-9.]+) records\/sec.*/\1/p')
    [[ -n $rps ]] || { touch "$work/failed"; echo "no totals line from ProducerPerformance" >&2; exit 1; }
  fi
  echo "$round $arm $rps $(( (b[t] - a[t]) / 1000 )) $events $(( b[1] - a[1] )) $(( b[2] - a[2] )) $(( b[3] - a[3] ))" \
       "${direct[1]} ${direct[2]} ${direct[3]}" \
    | awk -v t="$clk_tck" '{ printf "%s %s %s %.3f %s %.2f %.2f %.2f %.2f %.2f %.2f\n", $1, $2, $3, $4 / 1000, $5, $6 / t, $7 / t,
                             $8 / t, $9 / t, $10 / t, $11 / t }' \
    >>"$work/rows"
  echo "  round $round $arm: $rps msgs/s, recording events $events" >&2
}

# the "with" rows' direct cost: the recording's own threads' CPU over the broker's, same window, per round and broker
direct_share() {
  echo
  echo "direct cost, same window, \"with\" runs only: CPU of the brokers' JFR and JMX (RMI) threads ÷ the broker's CPU"
  awk '$2 == "with" { printf "round %-3s broker-1 %5.2f %%  broker-2 %5.2f %%  broker-3 %5.2f %%   (%.0f, %.0f, %.0f millicores)\n",
         $1, 100 * $9 / $6, 100 * $10 / $7, 100 * $11 / $8, 1000 * $9 / $4, 1000 * $10 / $4, 1000 * $11 / $4
         for (b = 0; b < 3; b++) { own += $(9 + b); all += $(6 + b) } }
       END { if (all > 0) printf "all rounds and brokers: %.2f %% of the brokers'"'"' CPU (bound: 2 %%)\n", 100 * own / all }' "$work/rows"
}

echo "warm-up: $warm_s s with the recording held" >&2
run with warm "$warm_s"
for ((r = 1; r <= rounds; r++)); do
  order=(with without); ((r % 2 == 0)) && order=(without with)   # ABBA: each arm as often first as second
  for arm in "${order[@]}"; do run "$arm" "$r" "$seconds"; done
done

if (( rate == 0 )); then
  echo
  echo "recording cost, idle: 3 brokers (plain Kafka 4.1.1, no limit, no load), $seconds s per run, broker CPU over its middle half, $rounds rounds ABBA"
  machine_line
  echo
  echo "millicores per broker (utime+stime over the window ÷ its length)"
  awk '{ printf "round %-3s %-8s window %5.1f s   broker-1 %5.1f  broker-2 %5.1f  broker-3 %5.1f   events %s\n", $1, $2, $4,
         1000 * $6 / $4, 1000 * $7 / $4, 1000 * $8 / $4, $5 }' "$work/rows"
  echo
  awk '{ for (b = 1; b <= 3; b++) { sum[$2] += 1000 * $(5 + b) / $4 }; n[$2] += 3 }
       END { printf "mean per broker: with %.1f, without %.1f millicores: the recording costs %+.1f millicores a broker\n",
             sum["with"] / n["with"], sum["without"] / n["without"], sum["with"] / n["with"] - sum["without"] / n["without"] }' "$work/rows"
  direct_share
  exit 0
fi
echo
echo "recording cost: 3 brokers (plain Kafka 4.1.1, no limit), topic 3 partitions RF 3, ProducerPerformance" \
     "$rate msgs/s of $size B acks=all, $seconds s per run, broker CPU over its middle half, $rounds rounds ABBA"
machine_line
echo
echo "CPU s / M msgs per broker (utime+stime over the window ÷ msgs sent in it); cores: the three brokers together"
awk -v rate="$rate" '
  { cpm = 1e6 / ($3 * $4); tot = $6 + $7 + $8
    printf "round %-3s %-8s %8.0f msgs/s  window %5.1f s   broker-1 %6.2f  broker-2 %6.2f  broker-3 %6.2f  all %6.2f   cores %.2f   events %s%s\n",
        $1, $2, $3, $4, $6 * cpm, $7 * cpm, $8 * cpm, tot * cpm, tot / $4, $5, ($3 < 0.97 * rate ? "   short" : "") }' "$work/rows"
echo
echo "per arm over rounds: median (min - max) of CPU s / M msgs, and with ÷ without - 1 of the medians"
awk '
  function med(k,   n, i, j, v, x) { n = split(series[k], v, " ")
    for (i = 2; i <= n; i++) { x = v[i]; for (j = i - 1; j >= 1 && v[j] > x; j--) v[j + 1] = v[j]; v[j + 1] = x }
    lo[k] = v[1]; hi[k] = v[n]; return (n % 2) ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2 }
  { cpm = 1e6 / ($3 * $4)
    for (b = 1; b <= 3; b++) { series[b, $2] = series[b, $2] " " $(5 + b) * cpm; all[$1, $2] += $(5 + b) * cpm }
    series[4, $2] = series[4, $2] " " ($6 + $7 + $8) * cpm; rounds[$1] = 1 }
  END {
    for (b = 1; b <= 4; b++) {
      w = med(b SUBSEP "with"); o = med(b SUBSEP "without")
      printf "%-9s with %6.2f (%.2f - %.2f)   without %6.2f (%.2f - %.2f)   with ÷ without - 1: %+5.1f %%\n",
          (b < 4 ? "broker-" b : "all"), w, lo[b, "with"], hi[b, "with"], o, lo[b, "without"], hi[b, "without"], (w / o - 1) * 100
    }
    printf "all, per round: "
    for (r in rounds) d[r + 0] = sprintf("%+.1f %%", (all[r, "with"] / all[r, "without"] - 1) * 100)
    for (r = 1; r in d; r++) printf "%s%s", (r > 1 ? ", " : ""), d[r]
    print "   (bound: 2 %)"
  }' "$work/rows"
direct_share
