#!/usr/bin/env bash
# Runs `mqprobe net` and iperf3 over loopback with the same stream count, warm-up, duration, direction and
# write size (128 KiB), one after the other, and prints the receiver figures side by side with their ratio.
# Both leave the same warm-up out of their figures (mqprobe -O, iperf3 -O): the JVMs compile their I/O path
# in the first second or two, and iperf3 skips TCP slow start with it.
#
#   bench/net-vs-iperf3.sh [--duration SECONDS] [--omit SECONDS] [--rounds N] [--reverse] [STREAMS ...]
#   (defaults: 6 s measured after a 2 s warm-up, streams 1 4 8)
#
# MQPROBE overrides the mqprobe command (default: the repo's ./mqprobe launcher), e.g.
# MQPROBE="java -cp $PWD/mqprobe-cli/target/mqprobe-cli.jar:$PWD/mqprobe-cli/target/lib/* io.mqprobe.cli.Main"
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
read -r -a mqprobe_cmd <<<"${MQPROBE:-$repo/mqprobe}" # may be several words, e.g. java -cp … Main
duration=6
omit=2
rounds=1
reverse=()
streams_list=()
mq_port=5301
iperf_port=5311
source "$(dirname "$0")/args.sh"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --duration) duration=$(value_of "$@"); shift 2 ;;
    --omit) omit=$(value_of "$@"); shift 2 ;;
    --rounds) rounds=$(value_of "$@"); shift 2 ;;
    --reverse) reverse=(-R); shift ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) streams_list+=("$1"); shift ;;
  esac
done
[[ ${#streams_list[@]} -gt 0 ]] || streams_list=(1 4 8)

need() { command -v "$1" >/dev/null || { echo "installing $1 ..." >&2; apt-get install -y -qq "$1" >/dev/null || { apt-get update -qq && apt-get install -y -qq "$1" >/dev/null; }; }; }
need iperf3
need jq

work="$(mktemp -d)"
server_pid=""
stop_server() { # only the server this script started, by its PID
  if [[ -n "$server_pid" ]]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; server_pid=""; fi
}
trap 'stop_server; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

wait_for() { # file text: waits up to 30 s for the server just started to say it listens
  for _ in $(seq 300); do
    grep -q "$2" "$1" 2>/dev/null && return 0
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
  done
  local rc=running; kill -0 "$server_pid" 2>/dev/null || { wait "$server_pid" && rc=0 || rc=$?; }
  echo "server did not start (exit: $rc): $(cat "$1")" >&2; exit 1
}

# both runners leave the receiver's bits/s in $result (no command substitution: the server PID must stay visible to the traps)
run_mqprobe() { # streams
  "${mqprobe_cmd[@]}" net server --bind 127.0.0.1 --port "$mq_port" --once --duration 2m >"$work/mq-server.out" 2>&1 &
  server_pid=$!
  wait_for "$work/mq-server.out" "listening on"
  "${mqprobe_cmd[@]}" net client 127.0.0.1 --port "$mq_port" -P "$1" -O "${omit}s" -t "${duration}s" "${reverse[@]}" --json "$work/mq.json" \
    >"$work/mq.out" 2>&1 || { cat "$work/mq.out" >&2; exit 1; }
  stop_server
  result=$(jq -r '.receiverBytesPerSecond * 8 | floor' "$work/mq.json")
}

run_iperf3() { # streams
  iperf3 -s -1 --forceflush -B 127.0.0.1 -p "$iperf_port" >"$work/iperf-server.out" 2>&1 &
  server_pid=$!
  wait_for "$work/iperf-server.out" "listening"
  iperf3 -c 127.0.0.1 -p "$iperf_port" -P "$1" -O "$omit" -t "$duration" "${reverse[@]}" -J >"$work/iperf.json" 2>&1 \
    || { cat "$work/iperf.json" >&2; exit 1; }
  stop_server
  result=$(jq -r '.end.sum_received.bits_per_second | floor' "$work/iperf.json")
}

echo "net: loopback, ${duration}s measured after ${omit}s warm-up per run, 128 KiB writes${reverse:+, reverse}"
printf '%-8s %5s %14s %14s %7s\n' "streams" "round" "mqprobe Gbit/s" "iperf3 Gbit/s" "ratio"
for p in "${streams_list[@]}"; do
  mq_sum=0; ip_sum=0
  for ((r = 1; r <= rounds; r++)); do
    # alternate the order so drift on a shared box does not always favour the same tool
    if (( r % 2 == 1 )); then
      run_mqprobe "$p"; mq=$result; run_iperf3 "$p"; ip=$result
    else
      run_iperf3 "$p"; ip=$result; run_mqprobe "$p"; mq=$result
    fi
    printf '%-8s %5s %14.2f %14.2f %7.3f\n' "$p" "$r" "$(echo "$mq / 1000000000" | bc -l)" "$(echo "$ip / 1000000000" | bc -l)" "$(echo "$mq / $ip" | bc -l)"
    mq_sum=$(echo "$mq_sum + $mq" | bc -l); ip_sum=$(echo "$ip_sum + $ip" | bc -l)
  done
  if (( rounds > 1 )); then
    printf '%-8s %5s %14.2f %14.2f %7.3f\n' "$p" "mean" "$(echo "$mq_sum / $rounds / 1000000000" | bc -l)" \
      "$(echo "$ip_sum / $rounds / 1000000000" | bc -l)" "$(echo "$mq_sum / $ip_sum" | bc -l)"
  fi
done
