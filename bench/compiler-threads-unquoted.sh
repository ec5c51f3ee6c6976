#!/usr/bin/env bash
# An experiment, not part of mqprobe: while it runs, every second it moves the JIT compiler threads of mqprobe's
# isolated JVMs (the brokers and the load generator, in cpu cgroups named mqprobe-<pid>/...) to the root cpu cgroup,
# out of their CPU quota, so a half-core JVM compiles its hot code at the machine's pace instead of its quota's.
# cgroups v1 only (threads of one process in different cpu groups); needs root. Touches no other process.
#
#   bench/compiler-threads-unquoted.sh &      # then run the probes; stop it with: touch bench/target/unquoted.stop
#
# Stops by itself after 45 minutes. Logs each move to bench/target/unquoted.log.
set -uo pipefail
cd "$(dirname "$0")"
mkdir -p target
stop=target/unquoted.stop log=target/unquoted.log root=/sys/fs/cgroup/cpu
[[ -f $root/tasks ]] || { echo "needs cgroups v1 with the cpu controller at $root" >&2; exit 2; }
rm -f "$stop"
end=$(( $(date +%s) + 2700 ))
moved=0
while [[ ! -e $stop && $(date +%s) -lt $end ]]; do
  for cg in /proc/[0-9]*/cgroup; do
    pid=${cg#/proc/}; pid=${pid%/cgroup}
    grep -Eq '^[0-9]+:cpu:/mqprobe-[0-9]+/' "$cg" 2>/dev/null || continue
    for comm in /proc/$pid/task/*/comm; do
      read -r name < "$comm" 2>/dev/null || continue
      case $name in
        C1\ CompilerThre*|C2\ CompilerThre*)
          tid=${comm#/proc/$pid/task/}; tid=${tid%/comm}
          if ! grep -Eq '^[0-9]+:cpu:/$' "/proc/$pid/task/$tid/cgroup" 2>/dev/null; then
            echo "$tid" > "$root/tasks" 2>/dev/null && moved=$((moved + 1)) && echo "$(date +%T) moved $pid/$tid $name" >> "$log"
          fi ;;
      esac
    done
  done
  sleep 1
done
echo "$(date +%T) stopped after $moved moves" >> "$log"
