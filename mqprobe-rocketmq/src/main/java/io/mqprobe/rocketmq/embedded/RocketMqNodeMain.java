package io.mqprobe.rocketmq.embedded;

import io.mqprobe.embedded.OrphanGuard;

import java.lang.reflect.Method;

/**
 * Main class of an embedded name server or broker JVM: installs the orphan guard, then runs RocketMQ's own
 * start-up class with the node's config file, as {@code mqnamesrv -c} and {@code mqbroker -c} do.
 * Arguments after the guard's: {@code namesrv|broker <config file>}.
 */
public final class RocketMqNodeMain {

    static final String NAME_SERVER = "namesrv";
    static final String BROKER = "broker";

    private RocketMqNodeMain() {
    }

    public static void main(String[] args) throws Exception {
        String[] own = OrphanGuard.install(args);
        if (own.length != 2) {
            throw new IllegalArgumentException("usage: RocketMqNodeMain <watchedPid> <detachedMarker> namesrv|broker <config>");
        }
        // by reflection: the name server and broker classes are only on the embedded cluster's run-time class path
        String startup = switch (own[0]) {
            case NAME_SERVER -> "org.apache.rocketmq.namesrv.NamesrvStartup";
            case BROKER -> "org.apache.rocketmq.broker.BrokerStartup";
            default -> throw new IllegalArgumentException("unknown RocketMQ node kind " + own[0]);
        };
        Method main = Class.forName(startup).getMethod("main", String[].class);
        main.invoke(null, (Object) new String[] {"-c", own[1]});
    }
}
