package io.mqprobe.kafka;

import io.mqprobe.api.Target;
import io.mqprobe.api.TargetUnreachableException;
import io.mqprobe.api.UsageException;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.errors.InvalidConfigurationException;
import org.apache.kafka.common.errors.InvalidPartitionsException;
import org.apache.kafka.common.errors.InvalidReplicaAssignmentException;
import org.apache.kafka.common.errors.InvalidReplicationFactorException;
import org.apache.kafka.common.errors.InvalidRequestException;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.PolicyViolationException;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Waits for admin results with a bound and maps Kafka's errors to mqprobe's: what the user asked for
 * wrongly becomes a {@link UsageException}, silence a {@link TargetUnreachableException}, the rest stays a run failure.
 */
final class AdminCalls {

    private final Target target;
    private final long waitMs;

    AdminCalls(Target target) {
        this.target = target;
        // the client fails the call itself after default.api.timeout.ms; the margin is only a backstop
        this.waitMs = KafkaClientProperties.apiTimeoutMs(target.connectTimeout()) + 5_000;
    }

    <T> T await(KafkaFuture<T> future, String what) {
        try {
            return future.get(waitMs, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw translate(e.getCause(), what);
        } catch (TimeoutException e) {
            throw new TargetUnreachableException("Kafka at " + target.bootstrap() + " did not answer (" + what + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted: " + what, e);
        }
    }

    private RuntimeException translate(Throwable cause, String what) {
        String message = KafkaClientProperties.redact(cause.getMessage(), target.clientProperties(), Map.of());
        if (cause instanceof UnknownTopicOrPartitionException) {
            return new UsageException("cannot " + what + ": the topic does not exist", cause);
        }
        if (cause instanceof GroupIdNotFoundException
                || cause instanceof TopicExistsException
                || cause instanceof InvalidTopicException
                || cause instanceof InvalidPartitionsException
                || cause instanceof InvalidReplicationFactorException
                || cause instanceof InvalidReplicaAssignmentException
                || cause instanceof InvalidConfigurationException
                || cause instanceof InvalidRequestException
                || cause instanceof PolicyViolationException
                || cause instanceof AuthorizationException) {
            return new UsageException("cannot " + what + ": " + message, cause);
        }
        if (cause instanceof org.apache.kafka.common.errors.TimeoutException) {
            return new TargetUnreachableException("Kafka at " + target.bootstrap() + " did not answer in time (" + what + ")", cause);
        }
        return new IllegalStateException("cannot " + what + ": " + message, cause);
    }

    static void pause(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
