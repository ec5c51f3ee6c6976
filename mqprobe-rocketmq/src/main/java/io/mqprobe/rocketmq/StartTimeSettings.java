package io.mqprobe.rocketmq;

import java.util.Set;

/**
 * RocketMQ 5.x broker settings that are read only when the broker starts: updateBrokerConfig stores a new
 * value (and the broker reports it back) but the thread pool, queue, store layout or role built from the old
 * one stays until a restart. Everything else is read where it is used (flush intervals, time-outs, message
 * size limits) and takes effect live.
 */
final class StartTimeSettings {

    /** Thread pools and their queues are built in BrokerController's start-up from these names' patterns. */
    private static final String POOL_SIZE_SUFFIX = "ThreadPoolNums";
    private static final String POOL_QUEUE_SUFFIX = "ThreadPoolQueueCapacity";
    private static final Set<String> NAMED = Set.of(
            "flushDiskType", "brokerRole", "brokerName", "brokerClusterName", "brokerId", "listenPort", "haListenPort",
            "brokerIP1", "brokerIP2", "storePathRootDir", "storePathCommitLog", "storePathConsumeQueue",
            "mappedFileSizeCommitLog", "mappedFileSizeConsumeQueue", "transientStorePoolEnable", "transientStorePoolSize",
            "enableDLegerCommitLog", "enableControllerMode", "useReentrantLockWhenPutMessage", "serverWorkerThreads",
            "serverSelectorThreads", "clientWorkerThreads", "enableSlaveActingMaster");

    private StartTimeSettings() {
    }

    static boolean readAtStart(String key) {
        return key.endsWith(POOL_SIZE_SUFFIX) || key.endsWith(POOL_QUEUE_SUFFIX) || NAMED.contains(key);
    }
}
