package io.mqprobe.cli.ceiling;

import picocli.CommandLine.Option;

import java.nio.file.Path;

/** Where a ceiling measurement also writes its result as JSON (picocli mixin of disk and net client). */
final class JsonCopyOption {

    @Option(names = "--json", paramLabel = "FILE", description = "Also write the result as JSON (base units).")
    Path file;
}
