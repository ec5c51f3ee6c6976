package io.mqprobe.cli.target;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** Parses {@link TargetOptions} the way a command does, for tests of the options alone. */
final class ParsedTargetOptions {

    @Command(name = "target-test")
    static final class Holder {
        @Mixin
        TargetOptions target;
    }

    private ParsedTargetOptions() {
    }

    static TargetOptions parse(String... args) {
        Holder holder = new Holder();
        new CommandLine(holder).parseArgs(args);
        return holder.target;
    }
}
