#!/usr/bin/env bash
# Runs `mqprobe disk` and fio with the same mode, writer threads, block size and directory, one after the
# other, and prints the pairs side by side with their ratio (mqprobe / fio). Both append to fresh files, as
# a Kafka log segment is written: fio with --file_append, bounded by --total bytes over all writers.
#
#   bench/disk-vs-fio.sh [--dir DIR] [--duration SECONDS] [--total SIZE] [--rounds N] [CASE ...]
#   CASE is MODE:THREADS:BLOCK with MODE page-cache | fsync | direct, e.g. direct:1:64k (defaults below)
#
# MQPROBE overrides the mqprobe command (default: the repo's ./mqprobe launcher), e.g.
# MQPROBE="java -cp $PWD/mqprobe-cli/target/mqprobe-cli.jar:$PWD/mqprobe-cli/target/lib/* io.mqprobe.cli.Main"
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
read -r -a mqprobe_cmd <<<"${MQPROBE:-$repo/mqprobe}" # may be several words, e.g. java -cp … Main
dir="$repo/bench/target/disk-scratch"
duration=5
total=16g
rounds=1
cases=()
source "$(dirname "$0")/args.sh"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --dir) dir=$(value_of "$@"); shift 2 ;;
    --duration) duration=$(value_of "$@"); shift 2 ;;
    --total) total=$(value_of "$@"); shift 2 ;;
    --rounds) rounds=$(value_of "$@"); shift 2 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) cases+=("$1"); shift ;;
  esac
done
[[ ${#cases[@]} -gt 0 ]] || cases=(direct:1:1m direct:1:64k page-cache:1:64k fsync:1:1m)

need() { command -v "$1" >/dev/null || { echo "installing $1 ..." >&2; apt-get install -y -qq "$1" >/dev/null || { apt-get update -qq && apt-get install -y -qq "$1" >/dev/null; }; }; }
need fio
need jq

work="$(mktemp -d)"
trap 'rm -rf "$work"; rm -f "$dir"/seq.*' EXIT

bytes() { # 64k -> 65536 (binary units, as both tools read them)
  local n="${1%[kKmMgG]}" u="${1: -1}"
  case "$u" in k|K) echo $((n * 1024)) ;; m|M) echo $((n * 1048576)) ;; g|G) echo $((n * 1073741824)) ;; *) echo "$1" ;; esac
}

mkdir -p "$dir"
free_bytes=$(( $(df -Pk "$dir" | awk 'NR==2 {print $4}') * 1024 ))
if (( free_bytes < $(bytes "$total") + (5 << 30) )); then
  echo "refusing: $dir has $((free_bytes >> 30)) GiB free, --total $total needs that plus 5 GiB" >&2; exit 2
fi

run_mqprobe() { # mode threads block -> bytes/s
  local mode="$1" threads="$2" block="$3"
  "${mqprobe_cmd[@]}" disk --dir "$dir" --mode "$mode" --threads "$threads" --block "$block" --duration "${duration}s" \
    --max-bytes "$(bytes "$total")" --json "$work/mq.json" >"$work/mq.out" 2>"$work/mq.err" \
    || { cat "$work/mq.err" >&2; exit 1; }
  jq -r '.ceilingBytesPerSecond | floor' "$work/mq.json"
}

run_fio() { # mode threads block -> bytes/s
  local mode="$1" threads="$2" block="$3" extra=()
  case "$mode" in
    direct) extra=(--direct=1) ;;
    page-cache) extra=(--direct=0) ;;
    fsync) extra=(--direct=0 "--fdatasync=$(( (1048576 + $(bytes "$block") - 1) / $(bytes "$block") ))") ;;
  esac
  # --file_append: fio otherwise lays its files out (fallocate or a sparse length) and rewrites them, and
  # writing into unwritten extents costs ext4 a conversion per write that an append never pays. The run
  # ends at --runtime or after --total bytes, whichever comes first (mqprobe wraps at --max-bytes instead).
  fio --name=seq --rw=write --bs="$block" --numjobs="$threads" --group_reporting --size="$(( $(bytes "$total") / threads ))" \
    --runtime="$duration" --file_append=1 --fallocate=none --ioengine=psync "${extra[@]}" --directory="$dir" \
    --output-format=json >"$work/fio.json" 2>"$work/fio.err" || { cat "$work/fio.err" >&2; exit 1; }
  rm -f "$dir"/seq.*
  jq -r '.jobs[0].write.bw_bytes | floor' "$work/fio.json"
}

settle() { sync; sleep 3; } # let write-back (the guest's and the host's) of the previous run finish first

echo "disk: ${duration}s per run, at most ${total} per run, in $dir ($(df -hT "$dir" | awk 'NR==2 {print $2 " on " $1}'))"
printf '%-18s %5s %12s %12s %7s\n' "mode:threads:block" "round" "mqprobe MB/s" "fio MB/s" "ratio"
for c in "${cases[@]}"; do
  IFS=: read -r mode threads block <<<"$c"
  mq_sum=0; fio_sum=0
  for ((r = 1; r <= rounds; r++)); do
    # alternate the order so drift on a shared box does not always favour the same tool
    if (( r % 2 == 1 )); then
      settle; mq=$(run_mqprobe "$mode" "$threads" "$block"); settle; fi_=$(run_fio "$mode" "$threads" "$block")
    else
      settle; fi_=$(run_fio "$mode" "$threads" "$block"); settle; mq=$(run_mqprobe "$mode" "$threads" "$block")
    fi
    printf '%-18s %5s %12.0f %12.0f %7.3f\n' "$c" "$r" "$(echo "$mq / 1000000" | bc -l)" "$(echo "$fi_ / 1000000" | bc -l)" \
      "$(echo "$mq / $fi_" | bc -l)"
    mq_sum=$(echo "$mq_sum + $mq" | bc -l); fio_sum=$(echo "$fio_sum + $fi_" | bc -l)
  done
  if (( rounds > 1 )); then
    printf '%-18s %5s %12.0f %12.0f %7.3f\n' "$c" "mean" "$(echo "$mq_sum / $rounds / 1000000" | bc -l)" \
      "$(echo "$fio_sum / $rounds / 1000000" | bc -l)" "$(echo "$mq_sum / $fio_sum" | bc -l)"
  fi
done
