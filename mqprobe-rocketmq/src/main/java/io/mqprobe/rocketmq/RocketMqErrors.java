package io.mqprobe.rocketmq;

import io.mqprobe.api.TargetUnreachableException;
import io.mqprobe.api.UsageException;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.remoting.exception.RemotingConnectException;
import org.apache.rocketmq.remoting.exception.RemotingSendRequestException;
import org.apache.rocketmq.remoting.exception.RemotingTimeoutException;
import org.apache.rocketmq.remoting.protocol.ResponseCode;

/**
 * Maps RocketMQ's checked exceptions to mqprobe's: what the user asked for wrongly becomes a
 * {@link UsageException}, silence a {@link TargetUnreachableException}, the rest stays a run failure.
 */
final class RocketMqErrors {

    private final String nameServers;

    RocketMqErrors(String nameServers) {
        this.nameServers = nameServers;
    }

    /** An admin call that may throw any of RocketMQ's checked exceptions. */
    @FunctionalInterface
    interface Call<T> {
        T run() throws Exception;
    }

    <T> T call(String what, Call<T> call) {
        try {
            return call.run();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted: " + what, e);
        } catch (Exception e) {
            throw translate(e, what);
        }
    }

    RuntimeException translate(Throwable e, String what) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof RemotingConnectException || t instanceof RemotingTimeoutException
                    || t instanceof RemotingSendRequestException) {
                return new TargetUnreachableException("RocketMQ at " + nameServers + " did not answer (" + what + "): "
                        + oneLine(t.getMessage()), e);
            }
            if (t instanceof MQBrokerException broker && isUsage(broker.getResponseCode())) {
                return new UsageException("cannot " + what + ": " + oneLine(broker.getErrorMessage()), e);
            }
            if (t instanceof MQClientException client && isUsage(client.getResponseCode())) {
                return new UsageException("cannot " + what + ": " + oneLine(client.getErrorMessage()), e);
            }
        }
        if (e instanceof RuntimeException runtime && (runtime instanceof UsageException || runtime instanceof TargetUnreachableException)) {
            return runtime;
        }
        return new IllegalStateException("cannot " + what + ": " + oneLine(e.getMessage()), e);
    }

    static boolean isUsage(int responseCode) {
        return responseCode == ResponseCode.TOPIC_NOT_EXIST
                || responseCode == ResponseCode.NO_PERMISSION
                || responseCode == ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST
                || responseCode == ResponseCode.INVALID_PARAMETER
                || responseCode == ResponseCode.MESSAGE_ILLEGAL;
    }

    /** RocketMQ appends a multi-line FAQ link to its messages; mqprobe prints one line. */
    static String oneLine(String message) {
        if (message == null) {
            return "";
        }
        String first = message.lines().findFirst().orElse("").trim();
        int faq = first.indexOf("\nSee ");
        first = faq >= 0 ? first.substring(0, faq) : first;
        int link = first.indexOf(" See http");
        return (link >= 0 ? first.substring(0, link) : first).trim();
    }
}
