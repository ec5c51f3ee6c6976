# Shared by the bench scripts (sourced from the repo root): a private mqprobe home, the class path and JVM flags
# every tool gets alike, the cores the broker and the clients are pinned to, the build, and a sampler of one
# client process's CPU. Sets MQPROBE_HOME, cp, jvm, mqprobe, broker_pin, client_pin.

export MQPROBE_HOME=$(mktemp -d)     # a private embedded cluster, never a user's
cp="bench/target/classes:bench/target/lib/*"
jvm=(java -Xms512m -Xmx2g -XX:+UseParallelGC -Dmqprobe.home="$MQPROBE_HOME")
mqprobe=("${jvm[@]}" -cp "$cp" io.mqprobe.cli.Main)
# embedded brokers are child JVMs of `cluster up` and inherit its CPU affinity
broker_pin=() client_pin=()
if [[ $(nproc) -ge 2 ]] && command -v taskset >/dev/null; then
  broker_pin=(taskset -c 0) client_pin=(taskset -c 1)
fi
clk_tck=$(getconf CLK_TCK)

# build_bench LOG: installs the project (the bench's class path is bench/target); on failure prints LOG and exits
build_bench() {
  echo "building ..." >&2
  mvn -q -B -ntp -DskipTests install >"$1" 2>&1 || { cat "$1"; exit 1; }
}

machine_line() {
  echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/{print $2}') GiB, $(uname -sr);" \
       "$([[ ${#broker_pin[@]} -gt 0 ]] && echo "broker on core 0, client on core 1" || echo "broker and client share the cores");" \
       "load average $(cut -d' ' -f1-3 /proc/loadavg)"
}

# run_traced OUT TRACE COMMAND...: runs COMMAND (stdout to OUT, stderr appended to $tools_log) and writes
# "epoch-µs cpu-ticks jit-ticks" of its process to TRACE every 0.1 s: all its CPU, and the part of it spent by the
# JIT compiler threads (C1/C2: per-run work that a short or slow run does not amortize; a compiler thread that
# exits keeps its last reading). Returns COMMAND's exit code. The sampler forks nothing (bash builtins only), so
# it does not load the cores it measures.
run_traced() {
  local out=$1 trace=$2 pid stat nap task tid comm
  local -A jit_ticks=()
  shift 2
  : >"$trace"
  "$@" >"$out" 2>>"${tools_log:-/dev/null}" &
  pid=$!
  exec {nap}<> <(:)
  while read -r stat 2>/dev/null <"/proc/$pid/stat"; do
    local -a f=(${stat##*) })
    [[ ${f[0]} == Z ]] && break
    for task in "/proc/$pid/task/"*; do
      tid=${task##*/}
      if [[ -z ${jit_ticks[$tid]+set} ]]; then
        read -r comm 2>/dev/null <"$task/comm" || continue
        [[ $comm == C[12]\ CompilerThre* ]] && jit_ticks[$tid]=0 || jit_ticks[$tid]=-1
      fi
      (( jit_ticks[$tid] >= 0 )) && read -r stat 2>/dev/null <"$task/stat" && {
        local -a g=(${stat##*) })
        jit_ticks[$tid]=$(( g[11] + g[12] ))
      }
    done
    local jit=0 t
    for t in "${jit_ticks[@]}"; do (( t > 0 )) && jit=$(( jit + t )); done
    echo "${EPOCHREALTIME/./} $(( f[11] + f[12] )) $jit" >>"$trace"
    read -t 0.1 -u "$nap" || true
  done
  exec {nap}<&-
  wait "$pid"
}

# cpu_between TRACE FROM_MS TO_MS: the traced process's CPU seconds between two instants (linear between samples)
cpu_between() {
  awk -v a="$2" -v b="$3" -v t="$clk_tck" '
    function at(x,   i) { if (x <= ms[1]) return c[1]
                          for (i = 2; i <= n; i++) if (ms[i] >= x) return c[i-1] + (c[i] - c[i-1]) * (x - ms[i-1]) / (ms[i] - ms[i-1])
                          return c[n] }
    { ms[++n] = $1 / 1000; c[n] = $2 }
    END { printf "%.2f", (at(b) - at(a)) / t }' "$1"
}

# steady_cores TRACE: the median, over the run's whole seconds, of the cores the process used outside its JIT
# compiler threads; start-up and the final report are a few seconds of a run and fall outside the median
steady_cores() {
  awk -v t="$clk_tck" '
    { us[++n] = $1; c[n] = $2 - $3 }
    END {
      for (i = 1; i <= n; i = j) {
        for (j = i + 1; j <= n && us[j] - us[i] < 1e6; j++) ;
        if (j > n) break
        printf "%.4f\n", (c[j] - c[i]) / t / ((us[j] - us[i]) / 1e6)
      }
    }' "$1" | sort -n | awk '{ v[++m] = $1 } END { if (m == 0) print "0"; else printf "%.3f", (m % 2) ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2 }'
}

# whole_cpu TRACE: the process's CPU seconds at its last sample
whole_cpu() {
  awk -v t="$clk_tck" 'END { printf "%.2f", $2 / t }' "$1"
}

# jit_cpu TRACE: the CPU seconds of its JIT compiler threads at its last sample
jit_cpu() {
  awk -v t="$clk_tck" 'END { printf "%.2f", $3 / t }' "$1"
}
