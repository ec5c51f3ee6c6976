package io.mqprobe.monitor.jmx;

import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;

/** The MBean names of the Kafka broker metrics mqprobe reads (Yammer metrics as registered by the broker). */
final class KafkaBeans {

    static final ObjectName BYTES_IN = name("kafka.server:type=BrokerTopicMetrics,name=BytesInPerSec");
    static final ObjectName BYTES_OUT = name("kafka.server:type=BrokerTopicMetrics,name=BytesOutPerSec");
    static final ObjectName REPLICATION_BYTES_IN = name("kafka.server:type=BrokerTopicMetrics,name=ReplicationBytesInPerSec");
    static final ObjectName MESSAGES_IN = name("kafka.server:type=BrokerTopicMetrics,name=MessagesInPerSec");
    static final ObjectName REQUEST_HANDLER_IDLE = name("kafka.server:type=KafkaRequestHandlerPool,name=RequestHandlerAvgIdlePercent");
    /** Registered only where a KRaft controller runs: on a broker, it means combined mode. */
    static final ObjectName ACTIVE_CONTROLLER_COUNT = name("kafka.controller:type=KafkaController,name=ActiveControllerCount");
    static final ObjectName NETWORK_PROCESSOR_IDLE = name("kafka.network:type=SocketServer,name=NetworkProcessorAvgIdlePercent");
    static final ObjectName UNDER_REPLICATED = name("kafka.server:type=ReplicaManager,name=UnderReplicatedPartitions");
    static final ObjectName ISR_SHRINKS = name("kafka.server:type=ReplicaManager,name=IsrShrinksPerSec");
    static final ObjectName ISR_EXPANDS = name("kafka.server:type=ReplicaManager,name=IsrExpandsPerSec");
    static final ObjectName PRODUCE_TOTAL_TIME = name("kafka.network:type=RequestMetrics,name=TotalTimeMs,request=Produce");
    /** Consumer fetches only: follower fetches would mix replication into the client-facing latency. */
    static final ObjectName FETCH_CONSUMER_TOTAL_TIME = name("kafka.network:type=RequestMetrics,name=TotalTimeMs,request=FetchConsumer");
    /** Registered by every broker with its node id as the {@code id} key. */
    static final ObjectName APP_INFO = name("kafka.server:type=app-info,*");
    static final ObjectName OPERATING_SYSTEM = name("java.lang:type=OperatingSystem");
    static final ObjectName RUNTIME = name("java.lang:type=Runtime");

    private KafkaBeans() {
    }

    static ObjectName name(String text) {
        try {
            return ObjectName.getInstance(text);
        } catch (MalformedObjectNameException e) {
            throw new IllegalArgumentException(text, e);
        }
    }
}
