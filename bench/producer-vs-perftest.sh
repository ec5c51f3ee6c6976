#!/usr/bin/env bash
# Side by side: `mqprobe produce` vs Kafka's own ProducerPerformance (kafka-tools 4.1.1) against the
# same embedded broker, same topic layout, record size and producer settings, in one run.
# Prints both throughputs and both clients' CPU seconds per million records (user+sys of the client JVM).
#
#   bench/producer-vs-perftest.sh [RECORDS] [RECORD_SIZE]      (defaults: 3000000 1024)
set -euo pipefail
cd "$(dirname "$0")/.."
records=${1:-3000000}
size=${2:-1024}
export MQPROBE_HOME=$(mktemp -d)     # a private embedded cluster, never a user's
cp="bench/target/lib/*"
jvm=(java -Xms512m -Xmx2g -XX:+UseParallelGC -Dmqprobe.home="$MQPROBE_HOME")
trap '"${jvm[@]}" -cp "$cp" io.mqprobe.cli.Main cluster down >/dev/null 2>&1 || true; rm -rf "$MQPROBE_HOME"' EXIT

echo "building ..." >&2
mvn -q -B -DskipTests install >/tmp/mqprobe-bench-build.log 2>&1 || { cat /tmp/mqprobe-bench-build.log; exit 1; }

"${jvm[@]}" -cp "$cp" io.mqprobe.cli.Main cluster up --brokers 1 >&2
bootstrap=$("${jvm[@]}" -cp "$cp" io.mqprobe.cli.Main cluster status | sed -n 's/^bootstrap *//p' | head -1)
[[ -n "$bootstrap" ]] || { echo "could not read the embedded cluster's bootstrap" >&2; exit 1; }

# one CPU-seconds figure (user+sys) of a command, its stdout kept in $out
run_timed() {
  local tf; tf=$(mktemp)
  out=$(/usr/bin/time -f "%U %S" -o "$tf" "$@" 2>/dev/null)
  cpu=$(awk '{print $1+$2}' "$tf"); rm -f "$tf"
}

printf "\n%-40s %-10s %14s %12s %18s\n" "settings" "tool" "records/s" "MB/s" "CPU s / M records"
for settings in "acks=1" "acks=1 batch.size=1048576 linger.ms=5"; do
  topic="mqprobe-bench-$RANDOM"
  "${jvm[@]}" -cp "$cp" io.mqprobe.cli.Main produce --bootstrap "$bootstrap" --topic "$topic" --create-topic \
      --partitions 6 --replication-factor 1 --num-records 20000 --no-monitor --out /tmp/mqprobe-bench-warm >/dev/null 2>&1
  for tool in perf-test mqprobe perf-test mqprobe; do
    if [[ $tool == perf-test ]]; then
      run_timed "${jvm[@]}" -cp "$cp" org.apache.kafka.tools.ProducerPerformance --topic "$topic" \
        --num-records "$records" --record-size "$size" --throughput -1 \
        --producer-props bootstrap.servers="$bootstrap" $settings
      line=$(tail -1 <<<"$out")
      rps=$(sed -E 's/^[0-9]+ records sent, ([0-9.]+) records\/sec \(([0-9.]+) MB\/sec\).*/\1/' <<<"$line")
      mbs=$(sed -E 's/^[0-9]+ records sent, ([0-9.]+) records\/sec \(([0-9.]+) MB\/sec\).*/\2/' <<<"$line")
    else
      run_timed "${jvm[@]}" -cp "$cp" io.mqprobe.cli.Main produce --bootstrap "$bootstrap" --topic "$topic" \
        --num-records "$records" --record-size "$size" --throughput -1 --no-monitor --format perf-test \
        --out /tmp/mqprobe-bench-run --producer-props $settings
      line=$(tail -1 <<<"$out")
      rps=$(sed -E 's/^[0-9]+ records sent, ([0-9.]+) records\/sec \(([0-9.]+) MB\/sec\).*/\1/' <<<"$line")
      mbs=$(sed -E 's/^[0-9]+ records sent, ([0-9.]+) records\/sec \(([0-9.]+) MB\/sec\).*/\2/' <<<"$line")
    fi
    per_m=$(awk -v c="$cpu" -v r="$records" 'BEGIN{printf "%.2f", c/r*1e6}')
    printf "%-40s %-10s %14.0f %12.2f %18s\n" "$settings" "$tool" "$rps" "$mbs" "$per_m"
  done
done
echo
echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, $(uname -sr); broker and clients share the cores."
