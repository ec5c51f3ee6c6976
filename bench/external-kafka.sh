#!/usr/bin/env bash
# A plain Apache Kafka 4.1.1 cluster that mqprobe did NOT start, to check mqprobe's verdicts against brokers it
# knows nothing about: three KRaft nodes (broker+controller each) run from Kafka's own jars, fetched from Maven
# Central into a class path of their own (no mqprobe code or classes on it), with their own server.properties
# and JMX open the way Kafka's kafka-run-class.sh opens it when JMX_PORT is set. Optionally one broker runs in a
# CPU cgroup this script creates: a limit mqprobe is not told about, which it has to find by itself.
#
#   bench/external-kafka.sh up [--java JAVA_HOME] [--cpu-limit ID=CORES]... [--limit-after-start]
#                              [--dir DIR] [--heap 512m]
#   bench/external-kafka.sh throttling [--dir DIR]
#   bench/external-kafka.sh down [--dir DIR] [--wipe]
#
# up          fetches the jars once (cache: $MQPROBE_EXT_KAFKA_CACHE, default ~/.cache/mqprobe-external-kafka),
#             writes DIR/config/server-{1,2,3}.properties, formats storage with kafka.tools.StorageTool, starts
#             the three JVMs (PLAINTEXT 127.0.0.1:9092..9094, CONTROLLER 19092..19094, JMX 9991..9993), waits
#             (at most 90 s) until each has logged "Kafka Server started" and accepts connections, and prints one
#             line per broker. --cpu-limit 2=0.4 starts broker 2 inside a new cgroup limited to 0.4 CPUs (CFS
#             quota 40000 us per 100000 us period) so its JVM sees the limit from its first instruction;
#             with --limit-after-start the broker starts unlimited in that cgroup and the quota is written once
#             the cluster is ready (a limit that appears under a running JVM). Needs root for the cgroup.
# throttling  prints, per cgroup this script created, the kernel's CFS counters (cpu.stat) and the broker's CPU
#             seconds, to set beside what mqprobe reported.
# down        TERMs only the pids recorded in DIR (KILL after 30 s), removes only the cgroups recorded in DIR
#             once empty, and keeps DIR unless --wipe.
#
# DIR defaults to /tmp/mqprobe-external-kafka. Everything listens on / targets 127.0.0.1 only.
set -euo pipefail

readonly KAFKA_VERSION=4.1.1 SCALA_BINARY=2.13
# Kafka 4.x logs through log4j2; its distribution's libs/ ships log4j-api, log4j-core and log4j-slf4j-impl
# 2.24.3. Kafka 4.1 still codes against slf4j-api 1.7.36 (see the kafka_2.13 pom), so the binding is the
# slf4j-1.x one (log4j-slf4j-impl), not log4j-slf4j2-impl, which would find no slf4j 2 provider API to bind.
readonly LOG4J_VERSION=2.24.3
readonly DEP_PLUGIN=org.apache.maven.plugins:maven-dependency-plugin:3.8.1   # pinned: same tree every run
readonly CG_NAME_PREFIX=mqprobe-ext-broker-
readonly CFS_PERIOD_US=100000
readonly READY_TIMEOUT_S=90 STOP_TIMEOUT_S=30
readonly IDS=(1 2 3)
readonly MARKER=.mqprobe-external-kafka   # marks DIR as ours, so --wipe never removes anything else

port_of() { echo $((9091 + $1)); }        # 9092, 9093, 9094
ctrl_port_of() { echo $((19091 + $1)); }  # 19092, 19093, 19094
jmx_port_of() { echo $((9990 + $1)); }    # 9991, 9992, 9993

die() { echo "external-kafka: $*" >&2; exit 1; }
# a wrong invocation: one line, exit 2 (distinct from a failure of the cluster itself)
refuse() { echo "external-kafka: $*; usage: $0 up|throttling|down [flags] (see the header of $0)" >&2; exit 2; }

usage() {
  sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
}

# ---------------------------------------------------------------- arguments
[[ $# -ge 1 ]] || refuse "no subcommand"
cmd=$1; shift
case $cmd in
  up|throttling|down) ;;
  -h|--help|help) usage; exit 0 ;;
  *) refuse "unknown subcommand '$cmd'" ;;
esac

dir=/tmp/mqprobe-external-kafka
java_home=${JAVA_HOME:-}
heap=512m
limit_after_start=false
wipe=false
declare -A limits=()   # broker id -> cores

# need_value "$@": the flag's value, from --flag=value or from the next word
need_value() {
  if $has_value; then shift_by=1; return 0; fi
  [[ $# -ge 2 && -n $2 && $2 != --* ]] || refuse "$flag needs a value"
  value=$2 shift_by=2
}
while [[ $# -gt 0 ]]; do
  flag=$1 value='' shift_by=1 has_value=false
  if [[ $flag == --*=* ]]; then value=${flag#*=} flag=${flag%%=*} has_value=true; fi
  case $cmd:$flag in
    *:--dir) need_value "$@"; dir=$value ;;
    up:--java) need_value "$@"; java_home=$value ;;
    up:--heap) need_value "$@"; heap=$value
      [[ $heap =~ ^[0-9]+[kKmMgG]?$ ]] || refuse "--heap '$heap' is not a JVM size like 512m" ;;
    up:--cpu-limit) need_value "$@"
      [[ $value =~ ^([1-3])=([0-9]+(\.[0-9]+)?|\.[0-9]+)$ ]] || refuse "--cpu-limit '$value' is not ID=CORES with ID 1..3, e.g. 2=0.4"
      awk -v c="${BASH_REMATCH[2]}" 'BEGIN { exit !(c >= 0.01) }' || refuse "--cpu-limit '$value': at least 0.01 CPUs"
      limits[${BASH_REMATCH[1]}]=${BASH_REMATCH[2]} ;;
    up:--limit-after-start) $has_value && refuse "$flag takes no value"; limit_after_start=true ;;
    down:--wipe) $has_value && refuse "$flag takes no value"; wipe=true ;;
    *:-h|*:--help) usage; exit 0 ;;
    *:--java|*:--heap|*:--cpu-limit|*:--limit-after-start|*:--wipe) refuse "$cmd does not take $flag" ;;
    *) refuse "unknown flag '$flag'" ;;
  esac
  shift "$shift_by"
done
if [[ $cmd == up ]]; then
  $limit_after_start && [[ ${#limits[@]} -eq 0 ]] && refuse "--limit-after-start needs --cpu-limit ID=CORES"
  # creating a cgroup and moving a process into it needs root (a delegated cgroup subtree is not handled here)
  if [[ ${#limits[@]} -gt 0 && $EUID -ne 0 ]]; then
    refuse "--cpu-limit needs root to create a cgroup (running as uid $EUID)"
  fi
  if [[ -n $java_home ]]; then
    [[ -x $java_home/bin/java ]] || refuse "--java '$java_home' has no executable bin/java"
    java=$java_home/bin/java
  else
    java=$(command -v java) || die "no java on PATH; pass --java JAVA_HOME"
  fi
fi
dir=$(realpath -m -- "$dir")
[[ $dir != / ]] || refuse "--dir / is not acceptable"
cache=${MQPROBE_EXT_KAFKA_CACHE:-${HOME:-/root}/.cache/mqprobe-external-kafka}
jars=$cache/kafka_${SCALA_BINARY}-${KAFKA_VERSION}-log4j-${LOG4J_VERSION}

# ---------------------------------------------------------------- cgroups
# cg_detect: sets cg_ver (1|2) and cg_root (where our cgroups are made). v2 is recognised the way the JDK and
# systemd do: the unified hierarchy mounted at /sys/fs/cgroup itself exposes cgroup.controllers. On v1 the cpu
# controller's mount point is read from mountinfo (it may be /sys/fs/cgroup/cpu or .../cpu,cpuacct).
cg_detect() {
  if [[ -f /sys/fs/cgroup/cgroup.controllers ]]; then
    cg_ver=2 cg_root=/sys/fs/cgroup
    grep -qw cpu "$cg_root/cgroup.controllers" || die "cgroup v2 without the cpu controller at $cg_root"
  else
    cg_ver=1
    cg_root=$(awk '{ split($0, halves, " - "); split(halves[1], l, " "); split(halves[2], r, " ");
                     if (r[1] != "cgroup") next; n = split(r[3], o, ",");
                     for (i = 1; i <= n; i++) if (o[i] == "cpu") { print l[5]; exit } }' /proc/self/mountinfo)
    [[ -n $cg_root && -f $cg_root/cpu.cfs_quota_us ]] || die "no cgroup v1 cpu controller with CFS quota mounted"
  fi
}

# cg_create ID QUOTA_US: makes the broker's cgroup, unlimited for now, and records it in DIR/cgroups.created
# at once so that `down` removes it even if `up` fails half way.
cg_create() {
  local id=$1 quota=$2 path=$cg_root/$CG_NAME_PREFIX$1
  [[ ! -e $path ]] || die "cgroup $path already exists and was not made by this run: run '$0 down --dir DIR' for the run that made it, or rmdir it"
  if [[ $cg_ver == 2 ]] && ! grep -qw cpu "$cg_root/cgroup.subtree_control"; then
    # the cpu controller must be enabled for the root's children; it is left enabled afterwards, since other
    # cgroups may have come to rely on it meanwhile (harmless: no limit is set by enabling it)
    echo +cpu >"$cg_root/cgroup.subtree_control" 2>/dev/null \
      || die "cannot enable +cpu in $cg_root/cgroup.subtree_control (processes in a non-root cgroup?)"
  fi
  mkdir "$path"
  echo "$id $path $cg_ver $quota" >>"$dir/cgroups.created"
  if [[ $cg_ver == 1 ]]; then
    echo "$CFS_PERIOD_US" >"$path/cpu.cfs_period_us"
    echo -1 >"$path/cpu.cfs_quota_us"
  else
    echo "max $CFS_PERIOD_US" >"$path/cpu.max"
  fi
}

# cg_limit PATH VER QUOTA_US: the CFS bandwidth limit itself
cg_limit() {
  if [[ $2 == 1 ]]; then echo "$3" >"$1/cpu.cfs_quota_us"; else echo "$3 $CFS_PERIOD_US" >"$1/cpu.max"; fi
}

# cg_describe PATH VER: the limit as the kernel has it now
cg_describe() {
  local q p
  if [[ $2 == 1 ]]; then q=$(<"$1/cpu.cfs_quota_us") p=$(<"$1/cpu.cfs_period_us"); else read -r q p <"$1/cpu.max"; fi
  if [[ $q == -1 || $q == max ]]; then echo "unlimited (quota $q, period ${p}us)"
  else awk -v q="$q" -v p="$p" 'BEGIN { printf "%.2f CPUs (quota %dus per %dus)\n", q / p, q, p }'; fi
}

# ---------------------------------------------------------------- jars
# fetch_jars: Kafka's runtime class path, resolved by Maven from the published poms (no hand-kept list), into a
# cache shared by every DIR. A throwaway pom under DIR names kafka_2.13 and the log4j2 backend; its resolved
# tree is kept in DIR/fetch/dependency-tree.txt and checked before anything is copied.
fetch_jars() {
  [[ -f $jars/.complete ]] && return 0
  local f=$dir/fetch
  mkdir -p "$f"
  cat >"$f/pom.xml" <<EOF
<?xml version="1.0" encoding="UTF-8"?>
<!-- throwaway, written by bench/external-kafka.sh: only to resolve plain Kafka's runtime jars -->
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.mqprobe.external</groupId>
  <artifactId>external-kafka-runtime</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency><groupId>org.apache.kafka</groupId><artifactId>kafka_${SCALA_BINARY}</artifactId><version>${KAFKA_VERSION}</version></dependency>
    <dependency><groupId>org.apache.logging.log4j</groupId><artifactId>log4j-core</artifactId><version>${LOG4J_VERSION}</version><scope>runtime</scope></dependency>
    <dependency><groupId>org.apache.logging.log4j</groupId><artifactId>log4j-slf4j-impl</artifactId><version>${LOG4J_VERSION}</version><scope>runtime</scope></dependency>
  </dependencies>
</project>
EOF
  echo "fetching Kafka ${KAFKA_VERSION} runtime jars into $jars ..." >&2
  timeout 600 mvn -B -q -ntp -f "$f/pom.xml" "$DEP_PLUGIN:tree" -Dscope=runtime \
      -DoutputFile="$f/dependency-tree.txt" >"$f/mvn.log" 2>&1 || { tail -20 "$f/mvn.log" >&2; die "mvn dependency:tree failed"; }
  # the backend must bind the slf4j API Kafka actually resolves to, or the brokers would log nothing
  grep -q "org.slf4j:slf4j-api:jar:1\." "$f/dependency-tree.txt" \
    && grep -q "log4j-slf4j-impl:jar:$LOG4J_VERSION" "$f/dependency-tree.txt" \
    && grep -q "log4j-core:jar:$LOG4J_VERSION" "$f/dependency-tree.txt" \
    || die "unexpected logging stack in $f/dependency-tree.txt (slf4j 1.x + log4j-slf4j-impl + log4j-core expected)"
  rm -rf "$jars.tmp"
  timeout 600 mvn -B -q -ntp -f "$f/pom.xml" "$DEP_PLUGIN:copy-dependencies" -DincludeScope=runtime \
      -DoutputDirectory="$jars.tmp" >>"$f/mvn.log" 2>&1 || { tail -20 "$f/mvn.log" >&2; die "mvn dependency:copy-dependencies failed"; }
  # nothing of mqprobe may reach the brokers' class path
  ! compgen -G "$jars.tmp/*mqprobe*" >/dev/null || die "an mqprobe jar was resolved into $jars.tmp"
  touch "$jars.tmp/.complete"
  rm -rf "$jars"; mv "$jars.tmp" "$jars"
}

# ---------------------------------------------------------------- config
write_configs() {
  mkdir -p "$dir/config" "$dir/logs" "$dir/data"
  local voters id
  voters="1@127.0.0.1:$(ctrl_port_of 1),2@127.0.0.1:$(ctrl_port_of 2),3@127.0.0.1:$(ctrl_port_of 3)"
  for id in "${IDS[@]}"; do
    # the values of Kafka's shipped config/server.properties where they matter, with replication factors of a
    # real three-node cluster; a static quorum (controller.quorum.voters) needs no --standalone/--initial-controllers
    cat >"$dir/config/server-$id.properties" <<EOF
# written by bench/external-kafka.sh: plain Kafka ${KAFKA_VERSION}, KRaft combined mode, node $id of 3
process.roles=broker,controller
node.id=$id
controller.quorum.voters=$voters
listeners=PLAINTEXT://127.0.0.1:$(port_of "$id"),CONTROLLER://127.0.0.1:$(ctrl_port_of "$id")
advertised.listeners=PLAINTEXT://127.0.0.1:$(port_of "$id")
inter.broker.listener.name=PLAINTEXT
controller.listener.names=CONTROLLER
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
num.network.threads=3
num.io.threads=8
socket.send.buffer.bytes=102400
socket.receive.buffer.bytes=102400
socket.request.max.bytes=104857600
log.dirs=$dir/data/broker-$id
num.partitions=1
num.recovery.threads.per.data.dir=1
offsets.topic.replication.factor=3
transaction.state.log.replication.factor=3
transaction.state.log.min.isr=2
share.coordinator.state.topic.replication.factor=3
share.coordinator.state.topic.min.isr=2
default.replication.factor=3
min.insync.replicas=2
log.retention.hours=168
log.segment.bytes=1073741824
log.retention.check.interval.ms=300000
EOF
  done
  # log4j2: Kafka's own layout; brokers at INFO (the readiness check reads "Kafka Server started"), tools at WARN
  cat >"$dir/config/log4j2.properties" <<'EOF'
appender.out.type = Console
appender.out.name = STDOUT
appender.out.layout.type = PatternLayout
appender.out.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = INFO
rootLogger.appenderRef.out.ref = STDOUT
logger.request.name = kafka.request.logger
logger.request.level = WARN
EOF
  sed 's/^rootLogger.level = INFO/rootLogger.level = WARN/' "$dir/config/log4j2.properties" >"$dir/config/log4j2-tools.properties"
}

# format_storage: one cluster id per DIR (kept in DIR/cluster.id), so a second `up` on kept data reuses it and
# --ignore-formatted skips the already formatted log dirs
format_storage() {
  local tools=("$java" -Xmx256m -Dlog4j2.configurationFile="$dir/config/log4j2-tools.properties" -cp "$jars/*" kafka.tools.StorageTool) id
  if [[ ! -s $dir/cluster.id ]]; then
    timeout 120 "${tools[@]}" random-uuid >"$dir/cluster.id.tmp" 2>"$dir/logs/storage-tool.err" \
      || { cat "$dir/logs/storage-tool.err" >&2; die "StorageTool random-uuid failed"; }
    tail -1 "$dir/cluster.id.tmp" | tr -d '[:space:]' >"$dir/cluster.id"; rm -f "$dir/cluster.id.tmp"
  fi
  for id in "${IDS[@]}"; do
    timeout 120 "${tools[@]}" format -t "$(<"$dir/cluster.id")" -c "$dir/config/server-$id.properties" --ignore-formatted \
      >>"$dir/logs/storage-tool.out" 2>>"$dir/logs/storage-tool.err" \
      || { tail -20 "$dir/logs/storage-tool.err" >&2; die "StorageTool format failed for node $id"; }
  done
}

# ---------------------------------------------------------------- processes
alive() { [[ -n $1 ]] && kill -0 "$1" 2>/dev/null; }
# ours PID ID: the pid still is our broker ID (guards against a recycled pid)
ours() { alive "$1" && tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null | grep -qF "kafka.Kafka $dir/config/server-$2.properties"; }
port_busy() { ss -Hltn "sport = :$1" 2>/dev/null | grep -q . || timeout 1 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null; }

# start_broker ID [CGROUP_PROCS]: a detached JVM (own session: it outlives this script and a Ctrl-C of it) that
# writes its own pid and, before exec'ing java, moves itself into the cgroup, so every thread of the JVM is born
# inside it and the JVM's container detection reads the limit at startup
start_broker() {
  local id=$1 procs=${2:-} jmx
  jmx=$(jmx_port_of "$id")
  local jvm=("$java" "-Xms$heap" "-Xmx$heap"
    # kafka-run-class.sh's KAFKA_JVM_PERFORMANCE_OPTS defaults
    -server -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:InitiatingHeapOccupancyPercent=35
    -XX:+ExplicitGCInvokesConcurrent -Djava.awt.headless=true
    # kafka-run-class.sh's KAFKA_JMX_OPTS with JMX_PORT set; the hostname keeps the RMI stub on 127.0.0.1, and
    # jmxremote.host binds the connector to loopback only (Kafka's script would bind all interfaces)
    -Dcom.sun.management.jmxremote -Dcom.sun.management.jmxremote.authenticate=false
    -Dcom.sun.management.jmxremote.ssl=false -Dcom.sun.management.jmxremote.port="$jmx"
    -Dcom.sun.management.jmxremote.rmi.port="$jmx" -Djava.rmi.server.hostname=127.0.0.1
    -Dcom.sun.management.jmxremote.host=127.0.0.1
    "-Xlog:gc*:file=$dir/logs/broker-$id-gc.log:time,tags:filecount=3,filesize=20M"
    -Dkafka.logs.dir="$dir/logs" -Dlog4j2.configurationFile="$dir/config/log4j2.properties"
    -cp "$jars/*" kafka.Kafka "$dir/config/server-$id.properties")
  rm -f "$dir/broker-$id.pid"
  setsid bash -c 'echo $$ >"$1" || exit 97; if [[ -n $2 ]]; then echo $$ >"$2" || exit 98; fi; shift 2; exec "$@"' \
    broker-"$id" "$dir/broker-$id.pid" "$procs" "${jvm[@]}" </dev/null >"$dir/logs/broker-$id.out" 2>&1 &
}

fail_with_tail() {  # ID WHY
  echo "external-kafka: broker $1 $2; last lines of $dir/logs/broker-$1.out:" >&2
  tail -25 "$dir/logs/broker-$1.out" >&2 || true
  exit 1   # the EXIT trap set by do_up stops what was started
}

# wait_ready: every broker has logged its start and accepts TCP on its PLAINTEXT port, within READY_TIMEOUT_S
wait_ready() {
  local deadline=$((SECONDS + READY_TIMEOUT_S)) id pid pending
  while :; do
    pending=0
    for id in "${IDS[@]}"; do
      pid=$(cat "$dir/broker-$id.pid" 2>/dev/null || true)
      if [[ -z $pid ]]; then pending=1; continue; fi
      alive "$pid" || fail_with_tail "$id" "(pid $pid) exited during startup"
      grep -q "Kafka Server started" "$dir/logs/broker-$id.out" && port_busy "$(port_of "$id")" || pending=1
    done
    [[ $pending == 0 ]] && return 0
    if (( SECONDS >= deadline )); then
      for id in "${IDS[@]}"; do
        grep -q "Kafka Server started" "$dir/logs/broker-$id.out" 2>/dev/null || fail_with_tail "$id" "not ready after ${READY_TIMEOUT_S}s"
      done
      fail_with_tail 1 "cluster not ready after ${READY_TIMEOUT_S}s"
    fi
    sleep 0.5
  done
}

do_up() {
  local id pid p
  mkdir -p "$dir"; touch "$dir/$MARKER"
  for id in "${IDS[@]}"; do
    pid=$(cat "$dir/broker-$id.pid" 2>/dev/null || true)
    ! ours "$pid" "$id" || die "broker $id already runs (pid $pid): run '$0 down --dir $dir' first"
  done
  if [[ -s $dir/cgroups.created ]]; then
    die "$dir/cgroups.created lists cgroups of an earlier run: run '$0 down --dir $dir' first"
  fi
  for id in "${IDS[@]}"; do
    for p in $(port_of "$id") $(ctrl_port_of "$id") $(jmx_port_of "$id"); do
      ! port_busy "$p" || die "port $p on 127.0.0.1 is already in use"
    done
  done
  [[ ${#limits[@]} -eq 0 ]] || cg_detect
  # from here on a failed up leaves nothing behind: what it started is stopped, the cgroups it made removed
  # shellcheck disable=SC2154  # rc is assigned inside the trap string
  trap 'rc=$?; if [[ $rc -ne 0 ]]; then echo "external-kafka: up failed; stopping what was started (data and logs kept in $dir)" >&2; wipe=false; do_down >&2 || true; fi' EXIT
  fetch_jars
  write_configs
  format_storage
  rm -f "$dir/cgroups.created"
  declare -A quota=() cg=()
  for id in "${!limits[@]}"; do
    quota[$id]=$(awk -v c="${limits[$id]}" -v p="$CFS_PERIOD_US" 'BEGIN { q = int(c * p + 0.5); print (q < 1000 ? 1000 : q) }')
    cg_create "$id" "${quota[$id]}"
    cg[$id]=$cg_root/$CG_NAME_PREFIX$id
    # before start: the JVM reads the quota when it boots (sizing GC and compiler threads, availableProcessors)
    $limit_after_start || cg_limit "${cg[$id]}" "$cg_ver" "${quota[$id]}"
  done
  for id in "${IDS[@]}"; do
    start_broker "$id" "${cg[$id]:+${cg[$id]}/cgroup.procs}"
  done
  wait_ready
  if $limit_after_start; then
    for id in "${!limits[@]}"; do cg_limit "${cg[$id]}" "$cg_ver" "${quota[$id]}"; done
  fi
  for id in "${IDS[@]}"; do
    pid=$(<"$dir/broker-$id.pid")
    local cgs="-" lim="none"
    if [[ -n ${cg[$id]:-} ]]; then
      cgs=${cg[$id]} lim="$(cg_describe "${cg[$id]}" "$cg_ver"), $($limit_after_start && echo "set after start" || echo "set before start")"
      grep -q ":/$CG_NAME_PREFIX$id\$" "/proc/$pid/cgroup" || die "broker $id (pid $pid) is not in ${cg[$id]}"
    fi
    printf 'broker %s  pid %s  port 127.0.0.1:%s  jmx 127.0.0.1:%s  cgroup %s  limit %s\n' \
      "$id" "$pid" "$(port_of "$id")" "$(jmx_port_of "$id")" "$cgs" "$lim"
  done
  echo "bootstrap 127.0.0.1:9092,127.0.0.1:9093,127.0.0.1:9094  java $("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.runtime.version = //p')  logs $dir/logs"
}

do_throttling() {
  local id path ver quota clk pid
  [[ -s $dir/cgroups.created ]] || { echo "no cgroups recorded in $dir (up was run without --cpu-limit, or down already ran)"; return 0; }
  clk=$(getconf CLK_TCK)
  while read -r id path ver quota; do
    [[ -d $path ]] || { echo "broker $id  cgroup $path is gone"; continue; }
    pid=$(cat "$dir/broker-$id.pid" 2>/dev/null || true)
    local cpu="-"
    if ours "$pid" "$id"; then
      # utime+stime of the JVM (all threads), fields 14 and 15 of /proc/PID/stat
      cpu=$(awk -v t="$clk" '{ sub(/^.*\) /, ""); printf "%.1f", ($12 + $13) / t }' "/proc/$pid/stat")
    fi
    # v1 reports throttled_time in ns, v2 throttled_usec in us; both printed as the kernel names them, plus seconds
    awk -v id="$id" -v path="$path" -v lim="$(cg_describe "$path" "$ver")" -v cpu="$cpu" '
      { v[$1] = $2 }
      END {
        t = ("throttled_time" in v) ? v["throttled_time"] / 1e9 : v["throttled_usec"] / 1e6
        tk = ("throttled_time" in v) ? "throttled_time=" v["throttled_time"] "ns" : "throttled_usec=" v["throttled_usec"]
        pct = v["nr_periods"] > 0 ? 100 * v["nr_throttled"] / v["nr_periods"] : 0
        printf "broker %s  cgroup %s  limit %s  nr_periods=%d nr_throttled=%d (%.1f%%) %s (%.2f s)  jvm_cpu_s=%s\n",
               id, path, lim, v["nr_periods"], v["nr_throttled"], pct, tk, t, cpu
      }' "$path/cpu.stat"
  done <"$dir/cgroups.created"
}

do_down() {
  local id pid pids=() deadline left
  for id in "${IDS[@]}"; do
    [[ -f $dir/broker-$id.pid ]] || continue
    pid=$(<"$dir/broker-$id.pid")
    if ours "$pid" "$id"; then
      kill -TERM "$pid" 2>/dev/null || true; pids+=("$id:$pid")
    else
      echo "broker $id: recorded pid $pid is not running (or no longer this broker); nothing to stop"
      rm -f "$dir/broker-$id.pid"
    fi
  done
  # all at once, like kafka-server-stop.sh: a controlled shutdown, bounded by STOP_TIMEOUT_S, then KILL
  deadline=$((SECONDS + STOP_TIMEOUT_S))
  while :; do
    left=()
    for p in "${pids[@]}"; do alive "${p#*:}" && left+=("$p"); done
    [[ ${#left[@]} -eq 0 || $SECONDS -ge $deadline ]] && break
    sleep 0.5
  done
  for p in "${left[@]}"; do
    echo "broker ${p%%:*}: pid ${p#*:} still up after ${STOP_TIMEOUT_S}s, KILL"
    kill -KILL "${p#*:}" 2>/dev/null || true
  done
  deadline=$((SECONDS + 10))
  for p in "${pids[@]}"; do
    while alive "${p#*:}" && (( SECONDS < deadline )); do sleep 0.2; done
    if alive "${p#*:}"; then echo "broker ${p%%:*}: pid ${p#*:} did not exit"; else
      echo "broker ${p%%:*}: pid ${p#*:} stopped"; rm -f "$dir/broker-${p%%:*}.pid"; fi
  done
  # the cgroups go only once empty (rmdir of a cgroup with members fails with EBUSY); any that cannot go stay listed
  if [[ -f $dir/cgroups.created ]]; then
    local keep=() path ver quota line
    while read -r id path ver quota; do
      line="$id $path $ver $quota"
      [[ -d $path ]] || continue
      deadline=$((SECONDS + 5))
      while [[ -s $path/cgroup.procs ]] && (( SECONDS < deadline )); do sleep 0.2; done
      if rmdir "$path" 2>/dev/null; then echo "cgroup $path removed"; else echo "cgroup $path could not be removed (members: $(tr '\n' ' ' <"$path/cgroup.procs"))"; keep+=("$line"); fi
    done <"$dir/cgroups.created"
    if [[ ${#keep[@]} -eq 0 ]]; then rm -f "$dir/cgroups.created"; else printf '%s\n' "${keep[@]}" >"$dir/cgroups.created"; fi
  fi
  if $wipe; then
    [[ -f $dir/$MARKER ]] || die "$dir has no $MARKER marker: not wiping a directory this script did not make"
    if [[ -s $dir/cgroups.created ]] || compgen -G "$dir/broker-*.pid" >/dev/null; then
      die "not wiping $dir: a broker or cgroup is still recorded there"
    fi
    rm -rf -- "$dir"; echo "wiped $dir"
  fi
}

case $cmd in
  up) do_up ;;
  throttling) do_throttling ;;
  down) do_down ;;
esac
