package io.mqprobe.cli.options;

import io.mqprobe.run.ClientProperties;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The native producer settings a user gives any command that produces (picocli mixin): a file, then flags. */
public final class ProducerSettingsOptions {

    @Option(names = "--producer-props", arity = "1..*", paramLabel = "K=V",
            description = "Native producer settings, e.g. acks=all linger.ms=5; they win over the driver's defaults for the command.")
    List<String> producerProps = new ArrayList<>();

    @Option(names = "--producer.config", paramLabel = "FILE", description = "Producer settings file (overridden by --producer-props).")
    Path producerConfig;

    /** The file's settings, then the flags'. */
    public Map<String, String> properties() {
        return ClientProperties.merge(producerConfig, "--producer-props", producerProps);
    }
}
