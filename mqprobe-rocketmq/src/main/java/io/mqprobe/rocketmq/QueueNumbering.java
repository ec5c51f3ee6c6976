package io.mqprobe.rocketmq;

import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.route.QueueData;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Turns (topic, broker group, queue id) into mqprobe's partition number, the same numbering
 * {@link RocketMqClusterAdmin#describeTopic} uses: queues counted across broker groups in name order.
 * With one broker group the partition is the queue id.
 */
final class QueueNumbering {

    private final Function<String, TopicRouteData> routes;
    /** topic -> (broker group -> number of the group's queue 0) */
    private final Map<String, Map<String, Integer>> firstPartition = new ConcurrentHashMap<>();

    QueueNumbering(Function<String, TopicRouteData> routes) {
        this.routes = routes;
    }

    int partition(MessageExt message) {
        Integer base = bases(message.getTopic(), false).get(message.getBrokerName());
        if (base == null) {
            base = bases(message.getTopic(), true).getOrDefault(message.getBrokerName(), 0);
        }
        return base + message.getQueueId();
    }

    private Map<String, Integer> bases(String topic, boolean refresh) {
        if (refresh) {
            firstPartition.remove(topic);
        }
        return firstPartition.computeIfAbsent(topic, t -> {
            TopicRouteData route = routes.apply(t);
            Map<String, Integer> bases = new ConcurrentHashMap<>();
            if (route != null) {
                List<QueueData> queues = new ArrayList<>(route.getQueueDatas());
                queues.sort(Comparator.comparing(QueueData::getBrokerName));
                int next = 0;
                for (QueueData q : queues) {
                    bases.put(q.getBrokerName(), next);
                    next += q.getWriteQueueNums();
                }
            }
            return bases;
        });
    }
}
