package io.mqprobe.cli.options;

import picocli.CommandLine.Option;

import java.nio.file.Path;

/** Where a run writes its result and reports (picocli mixin). */
public final class OutputOptions {

    @Option(names = "--out", paramLabel = "DIR",
            description = "Run directory for result.json, report.html and report.md (default: mqprobe-runs/<time>-<command>).")
    Path outDir;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the result document to FILE instead of <out>/result.json.")
    Path jsonFile;

    public Path outDir() {
        return outDir;
    }

    public Path jsonFile() {
        return jsonFile;
    }
}
