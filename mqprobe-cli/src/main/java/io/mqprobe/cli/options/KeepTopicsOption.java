package io.mqprobe.cli.options;

import picocli.CommandLine.Option;

/** Whether the topics a run created outlive it (picocli mixin of every command that creates topics). */
public final class KeepTopicsOption {

    @Option(names = "--keep-topics", description = "Do not delete the topics mqprobe created.")
    boolean keepTopics;

    public boolean keepTopics() {
        return keepTopics;
    }
}
