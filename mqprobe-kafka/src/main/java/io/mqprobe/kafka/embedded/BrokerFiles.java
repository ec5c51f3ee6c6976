package io.mqprobe.kafka.embedded;

import io.mqprobe.embedded.ProcessNode;

import java.nio.file.Path;

/** Where a Kafka broker keeps its files inside its node directory. */
record BrokerFiles(Path dir) {

    static final String PORT = "port";
    static final String CONTROLLER_PORT = "controller.port";
    static final String SSL_PORT = "ssl.port";
    /** The file that names a log directory's cluster, node and directory id. */
    static final String DIRECTORY_IDENTITY = "meta.properties";

    static BrokerFiles of(ProcessNode node) {
        return new BrokerFiles(node.dir());
    }

    Path configFile() {
        return dir.resolve("server.properties");
    }

    Path dataDir() {
        return dir.resolve("data");
    }

    /** The KRaft metadata log, apart from the data so a wipe keeps the quorum. */
    Path metadataDir() {
        return dir.resolve("meta");
    }

    Path serverLog() {
        return dir.resolve("logs").resolve("server.log");
    }
}
