package io.mqprobe.monitor.jmx;

import javax.management.MBeanServer;
import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Standard MBeans shaped like the broker's Yammer meters, gauges and histograms, registered in
 * this JVM so the JMX reading can be checked with exact numbers (the real broker is covered by
 * {@code EmbeddedBrokerMonitorTest}).
 */
final class FakeKafkaBeans implements AutoCloseable {

    public interface MeterMBean {
        long getCount();
    }

    public interface GaugeMBean {
        Object getValue();
    }

    public interface HistogramMBean {
        double get99thPercentile();
    }

    public interface AppInfoMBean {
        String getVersion();
    }

    public static final class Meter implements MeterMBean {
        final AtomicLong count = new AtomicLong();

        @Override
        public long getCount() {
            return count.get();
        }
    }

    public static final class Gauge implements GaugeMBean {
        volatile Object value;

        Gauge(Object value) {
            this.value = value;
        }

        @Override
        public Object getValue() {
            return value;
        }
    }

    public static final class Histogram implements HistogramMBean {
        volatile double p99;

        @Override
        public double get99thPercentile() {
            return p99;
        }
    }

    public static final class AppInfo implements AppInfoMBean {
        @Override
        public String getVersion() {
            return "4.1.1";
        }
    }

    final Meter bytesIn = new Meter();
    final Meter bytesOut = new Meter();
    final Meter replicationBytesIn = new Meter();
    final Meter messagesIn = new Meter();
    final Meter requestHandlerIdleNs = new Meter();
    final Gauge networkIdle = new Gauge(0.8);
    final Gauge underReplicated = new Gauge(0);
    final Histogram produceTime = new Histogram();
    private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    private final List<ObjectName> names = new ArrayList<>();

    FakeKafkaBeans(int brokerId) throws Exception {
        register(KafkaBeans.BYTES_IN, bytesIn);
        register(KafkaBeans.BYTES_OUT, bytesOut);
        register(KafkaBeans.REPLICATION_BYTES_IN, replicationBytesIn);
        register(KafkaBeans.MESSAGES_IN, messagesIn);
        register(KafkaBeans.REQUEST_HANDLER_IDLE, requestHandlerIdleNs);
        register(KafkaBeans.NETWORK_PROCESSOR_IDLE, networkIdle);
        register(KafkaBeans.UNDER_REPLICATED, underReplicated);
        register(KafkaBeans.PRODUCE_TOTAL_TIME, produceTime);
        register(new ObjectName("kafka.server:type=app-info,id=" + brokerId), new AppInfo());
    }

    /** Makes this broker a KRaft controller as well (combined mode), as the controller's own beans show it. */
    void alsoController() throws Exception {
        register(KafkaBeans.ACTIVE_CONTROLLER_COUNT, new Gauge(1));
    }

    /** A partition replica of {@code topic} holding {@code segments} log segments, as Kafka's Log gauge reports it. */
    Gauge partition(String topic, int partition, int segments) throws Exception {
        Gauge gauge = new Gauge(segments);
        register(new ObjectName("kafka.log:type=Log,name=NumLogSegments,topic=" + topic + ",partition=" + partition), gauge);
        return gauge;
    }

    private void register(ObjectName name, Object bean) throws Exception {
        server.registerMBean(bean, name);
        names.add(name);
    }

    @Override
    public void close() throws Exception {
        for (ObjectName name : names) {
            server.unregisterMBean(name);
        }
    }
}
