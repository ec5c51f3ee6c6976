package io.mqprobe.cli.options;

import io.mqprobe.run.ClientProperties;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** How many consumers read and with which native settings (picocli mixin of every command that consumes). */
public final class ConsumerSettingsOptions {

    @Option(names = "--consumer-threads", paramLabel = "N", defaultValue = "1", converter = CountConverter.AtLeastOne.class,
            description = "Consumer instances, one thread each (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--consumer-props", arity = "1..*", paramLabel = "K=V",
            description = "Consumer settings, e.g. fetch.min.bytes=1048576 max.poll.records=2000.")
    List<String> consumerProps = new ArrayList<>();

    @Option(names = "--consumer.config", paramLabel = "FILE", description = "Consumer settings file (overridden by --consumer-props).")
    Path consumerConfig;

    public int threads() {
        return threads;
    }

    /** The file's settings, then the flags'. */
    public Map<String, String> properties() {
        return ClientProperties.merge(consumerConfig, "--consumer-props", consumerProps);
    }
}
