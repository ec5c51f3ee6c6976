package io.mqprobe.kafka;

import io.mqprobe.api.Driver;
import io.mqprobe.api.DriverFactory;
import io.mqprobe.api.Target;
import io.mqprobe.api.TargetUnreachableException;
import io.mqprobe.api.UsageException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.SslAuthenticationException;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** The Kafka driver ({@code kafka}): official Java clients, any Kafka 2.x to 4.x cluster. */
public final class KafkaDriverFactory implements DriverFactory {

    public static final String ID = "kafka";

    /** Kept back from the connect budget so closing the failed admin client still fits in it. */
    private static final long CLOSE_MARGIN_MS = 1_000;

    @Override
    public String id() {
        return ID;
    }

    @Override
    public Driver connect(Target target) {
        long startNs = System.nanoTime();
        Admin admin;
        try {
            admin = Admin.create(KafkaClientProperties.admin(target));
        } catch (RuntimeException e) {
            throw KafkaClientProperties.constructionFailure(e, target, Map.of());
        }
        try {
            awaitAnswer(admin, target, startNs);
            return new KafkaDriver(target, admin);
        } catch (RuntimeException e) {
            admin.close(Duration.ZERO);
            throw e;
        }
    }

    /** One DescribeCluster round trip proves a broker answers; the whole connect stays within the timeout. */
    private static void awaitAnswer(Admin admin, Target target, long startNs) {
        long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNs);
        long budgetMs = Math.max(100, target.connectTimeout().toMillis() - elapsedMs - CLOSE_MARGIN_MS);
        try {
            admin.describeCluster(new DescribeClusterOptions().timeoutMs((int) Math.min(budgetMs, Integer.MAX_VALUE)))
                    .nodes().get(budgetMs + 1000, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw unreachable(target);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetUnreachableException("interrupted while connecting to Kafka at " + target.bootstrap(), e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            String message = KafkaClientProperties.redact(cause.getMessage(), target.clientProperties(), Map.of());
            if (cause instanceof org.apache.kafka.common.errors.TimeoutException) {
                throw unreachable(target);
            }
            if (cause instanceof SslAuthenticationException) {
                throw new UsageException("SSL handshake with Kafka at " + target.bootstrap() + " failed (does --command-config "
                        + "give a trust store, ssl.truststore.location, that holds the brokers' certificate?): " + firstLine(message));
            }
            if (cause instanceof AuthenticationException || cause instanceof AuthorizationException) {
                throw new UsageException("Kafka at " + target.bootstrap() + " refused mqprobe: " + message);
            }
            throw new TargetUnreachableException("Couldn't connect to Kafka at " + target.bootstrap() + ": " + message);
        }
    }

    private static TargetUnreachableException unreachable(Target target) {
        return new TargetUnreachableException("Couldn't connect to Kafka at " + target.bootstrap()
                + " within " + readable(target.connectTimeout()));
    }

    private static String firstLine(String message) {
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }

    private static String readable(Duration d) {
        long ms = d.toMillis();
        return ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms";
    }
}
