package io.mqprobe.cli;

import picocli.CommandLine;

/**
 * The list of subcommands, in the order {@code --help} shows them. Each feature adds its
 * command here with one line.
 */
final class Subcommands {

    private Subcommands() {
    }

    static void register(CommandLine top) {
        // main job
        // load
        // cluster
        // physical ceilings
    }
}
