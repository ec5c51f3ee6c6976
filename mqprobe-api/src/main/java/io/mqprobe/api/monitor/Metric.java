package io.mqprobe.api.monitor;

/**
 * Names of the metrics every sampler reports in, with base units in the name. The search and
 * the report only know these names, never where a value came from.
 */
public final class Metric {

    private Metric() {
    }

    // processes (broker JVMs, mqprobe itself) and the host
    public static final String CPU_CORES = "cpu.cores";               // cores busy; capacity = cores available (quota)
    // a process under a CPU quota: the share of CFS periods (with work) in which its quota ran out; capacity = 1
    public static final String CPU_THROTTLED_SHARE = "cpu.throttled.share";
    // the CPU limit a process's container or cgroup sets, in cores, as the process itself reports it (JFR's
    // jdk.ContainerConfiguration over JMX, cAdvisor's container_spec_cpu_quota); absent when it has none or says nothing
    public static final String CPU_LIMIT_CORES = "cpu.limit.cores";
    public static final String MEMORY_LIMIT_BYTES = "mem.limit.bytes";   // the container's memory limit, where one is set
    // a local process: cores its threads outside its cpu cgroup used (the JIT compilers mqprobe moves out of a quota);
    // reported for every process mqprobe samples on this host, 0 when none sit outside
    public static final String CPU_OUTSIDE_QUOTA_CORES = "cpu.outside_quota.cores";
    // of those, the cores of the threads that serve mqprobe's own monitors (its samplers, JFR readers and result writer;
    // a confined broker's JMX and flight-recorder threads), which mqprobe moves into a group of their own
    public static final String CPU_MONITORS_CORES = "cpu.monitors.cores";
    // host: cores every user-space process on the machine used (all their threads), and the kernel's own threads
    // (ksoftirqd, kworkers, kswapd, jbd2): with the processes mqprobe samples, they account for the host's busy cores
    public static final String CPU_PROCESSES_CORES = "cpu.processes.cores";
    public static final String CPU_KERNEL_THREADS_CORES = "cpu.kernel_threads.cores";
    public static final String CPU_IOWAIT_PCT = "cpu.iowait.pct";     // host: % of CPU time waiting on I/O
    // host: % of all CPU time stolen by the hypervisor for other guests (node_exporter mode="steal")
    public static final String CPU_STEAL_PCT = "cpu.steal.pct";
    // host: % of wall time in which some runnable task waited for a CPU (pressure stall information, "some")
    public static final String CPU_PRESSURE_PCT = "cpu.pressure.pct";
    // host: MB of SHA-256 one thread of mqprobe hashes per second of its own CPU time; a fixed piece of work timed
    // on the CPU clock, so it moves only with what one core delivers (a shared physical core, another guest), not with load
    public static final String CPU_SPEED_MB_PER_CPU_S = "cpu.speed.mb_per_cpu_s";
    // host: MB one thread of mqprobe copies per second of its own CPU time between two buffers larger than the cache, so
    // from memory to memory: what a broker's copies (socket to heap to page cache) pay per byte; on a shared machine it
    // moves with the other guests' memory traffic, which the SHA-256 figure, run inside one core, does not see
    public static final String MEM_SPEED_MB_PER_CPU_S = "mem.speed.mb_per_cpu_s";
    public static final String RSS_BYTES = "mem.rss.bytes";
    // source host: the machine's page cache (Cached + Buffers - Shmem); a local process in a memory cgroup of its own
    // (not the root): what that cgroup is charged (v1 total_cache, v2 file), shared with whatever else sits in it;
    // capacity = the memory limit (the host's memory for host)
    public static final String PAGE_CACHE_BYTES = "mem.pagecache.bytes";
    public static final String GC_MS_PER_S = "gc.ms_per_s";           // GC pause time per second of wall time
    public static final String GC_COUNT_PER_S = "gc.count_per_s";
    // a JVM's old generation (G1 Old Gen, PS Old Gen, Tenured Gen; ZGC's and Shenandoah's one heap) as its last
    // collection left it: what survives. Rising over a soak, it is a leak or a cache that grows; capacity = the pool's
    // max. Absent until the pool's first collection (G1 updates it in mixed and full collections, not young ones)
    public static final String OLD_GEN_AFTER_GC_BYTES = "gc.old_after_gc.bytes";
    // JIT compilation time per second of wall time, summed over a JVM's compiler threads: near zero once its hot code is
    // compiled; a JVM that still compiles runs slower code than it will (and spends its CPU quota compiling)
    public static final String JIT_MS_PER_S = "jit.ms_per_s";
    // a local JVM: CPU time its JIT compiler threads used per second of wall time (from /proc, per thread). The compile
    // clock above counts a compilation's wall time, waits for a core included: on a crowded host it read 2.5-4 times this
    public static final String JIT_CPU_MS_PER_S = "jit.cpu_ms_per_s";
    public static final String DISK_READ_BPS = "disk.read.bytes_per_s";
    public static final String DISK_WRITE_BPS = "disk.write.bytes_per_s"; // capacity = probed disk ceiling
    public static final String NET_RX_BPS = "net.rx.bytes_per_s";
    public static final String NET_TX_BPS = "net.tx.bytes_per_s";         // capacity = probed NIC ceiling

    // Kafka broker (JMX or Prometheus JMX exporter)
    public static final String BYTES_IN_BPS = "kafka.bytes_in.bytes_per_s";
    public static final String BYTES_OUT_BPS = "kafka.bytes_out.bytes_per_s";
    public static final String REPLICATION_BYTES_IN_BPS = "kafka.replication_bytes_in.bytes_per_s";
    public static final String MESSAGES_IN_PER_S = "kafka.messages_in.per_s";
    public static final String REQUEST_HANDLER_IDLE_PCT = "kafka.request_handler_idle.pct";
    /**
     * Share of the broker's request handlers' time on CPU, where their idle meter cannot be read (a combined broker and
     * controller). A handler waiting inside a request (a lock, the disk) is busy to the meter and off CPU here.
     */
    public static final String REQUEST_HANDLER_CPU_PCT = "kafka.request_handler_cpu.pct";
    public static final String NETWORK_PROCESSOR_IDLE_PCT = "kafka.network_processor_idle.pct";
    public static final String UNDER_REPLICATED = "kafka.under_replicated_partitions";
    public static final String PRODUCE_TIME_P99_MS = "kafka.produce_total_time.p99_ms";
    public static final String FETCH_TIME_P99_MS = "kafka.fetch_total_time.p99_ms";
    public static final String ISR_SHRINKS_PER_S = "kafka.isr_shrinks.per_s";
    public static final String ISR_EXPANDS_PER_S = "kafka.isr_expands.per_s";

    // Kafka broker: where a Produce request's time went, mean per request over each sampling interval
    // (kafka.network:type=RequestMetrics,name=<Part>TimeMs,request=Produce); the parts add up to the total
    public static final String PRODUCE_REQUEST_QUEUE_MS = "kafka.produce.request_queue.mean_ms";
    public static final String PRODUCE_LOCAL_MS = "kafka.produce.local.mean_ms";
    public static final String PRODUCE_REMOTE_MS = "kafka.produce.remote.mean_ms";
    public static final String PRODUCE_THROTTLE_MS = "kafka.produce.throttle.mean_ms";
    public static final String PRODUCE_RESPONSE_QUEUE_MS = "kafka.produce.response_queue.mean_ms";
    public static final String PRODUCE_RESPONSE_SEND_MS = "kafka.produce.response_send.mean_ms";
    public static final String PRODUCE_TOTAL_MS = "kafka.produce.total.mean_ms";

    // producer client metrics (through the driver), averaged over the step's producers
    public static final String CLIENT_RECORD_QUEUE_MS = "client.record_queue_time.avg_ms";
    public static final String CLIENT_REQUEST_LATENCY_MS = "client.request_latency.avg_ms";

    // Kafka protocol only (log-dir growth, ISR, groups)
    public static final String LEADER_WRITE_BPS = "log.leader_write.bytes_per_s";
    public static final String FOLLOWER_WRITE_BPS = "log.follower_write.bytes_per_s";
    // bytes the watched topics' logs hold on each broker (its replicas, leader and follower); a soak watches it level
    // off against retention
    public static final String LOG_SIZE_BYTES = "log.size.bytes";
    // Kafka over JMX: how many log segments mqprobe's topics hold on a broker; it rises by one as a segment rolls and
    // falls as retention deletes closed ones
    public static final String LOG_SEGMENTS = "log.segments";
    public static final String CONSUMER_LAG = "group.lag.messages";
    // a group mqprobe reads with (its own clock): how old the records it reads are, and what it reads; a soak's
    // catch-up group, kept that far behind the writes, reads what the brokers may no longer hold in their page cache
    public static final String GROUP_LAG_SECONDS = "group.lag.seconds";
    public static final String GROUP_READ_BPS = "group.read.bytes_per_s";

    // RocketMQ broker runtime statistics (the admin's broker runtime info, like `mqadmin brokerStatus`)
    public static final String RMQ_PUT_TPS = "rocketmq.put.per_s";                       // messages stored, 10 s window
    public static final String RMQ_GET_TRANSFERRED_TPS = "rocketmq.get_transferred.per_s"; // messages handed to consumers
    public static final String RMQ_PUT_LATENCY_P99_MS = "rocketmq.put_latency.p99_ms";     // broker's own store latency
    public static final String RMQ_PUT_TIME_P99_BUCKET_MS = "rocketmq.put_time.p99_bucket_ms"; // upper bound of the bucket holding p99, per interval
    public static final String RMQ_PUT_TIME_MAX_MS = "rocketmq.put_time.max_ms";
    public static final String RMQ_PAGE_CACHE_LOCK_MS = "rocketmq.page_cache_lock_ms";     // how long the commit log lock is held now
    public static final String RMQ_SEND_QUEUE_SIZE = "rocketmq.send_queue.size";           // capacity = the queue's capacity
    public static final String RMQ_SEND_QUEUE_HEAD_WAIT_MS = "rocketmq.send_queue.head_wait_ms";
    public static final String RMQ_DISPATCH_BEHIND_BYTES = "rocketmq.dispatch_behind.bytes";
    public static final String RMQ_FLUSH_BEHIND_BYTES = "rocketmq.flush_behind.bytes";     // remainHowManyDataToFlush
    public static final String RMQ_COMMITLOG_DISK_USED_BYTES = "rocketmq.commitlog_disk_used.bytes"; // capacity = disk size

    // load generator (mqprobe's own view of its sending)
    public static final String SEND_DELAY_P99_US = "client.send_delay.p99_us";
    public static final String ACKED_PER_S = "client.acked.per_s";            // a load worker's share, acknowledged
    public static final String FAILED_SENDS = "client.failed_sends";          // a load worker's failed sends in the window
    public static final String CONSUMED_PER_S = "client.consumed.per_s";      // a load worker's share of consumers, read
}
