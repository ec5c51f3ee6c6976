package io.mqprobe.cli.report;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.Percent;
import io.mqprobe.cli.options.GateOptions;
import io.mqprobe.report.Comparison;
import io.mqprobe.report.ComparisonHtml;
import io.mqprobe.report.ComparisonText;
import io.mqprobe.report.RunNoise;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ResultJson;
import io.mqprobe.result.ResultReading;
import io.mqprobe.run.ExitCode;
import io.mqprobe.run.GatePlan;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code mqprobe compare A.json B.json [C.json ...] [--out DIR] [--fail-if EXPR]}: runs of one kind side by side, judged by their intervals. */
@Command(name = "compare",
        mixinStandardHelpOptions = true,
        description = {"Put runs of one kind side by side (before and after a change, two sizes, plaintext and SSL): per "
                + "scenario and figure the change from the first run and whether it is beyond the runs' own intervals, "
                + "and the verdicts that changed."})
public final class CompareCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(paramLabel = "RESULT.json", arity = "2..*", description = "Result documents of one kind; the first is the baseline.")
    List<Path> results;

    @Option(names = "--out", paramLabel = "DIR", description = "Also write compare.json, compare.md and compare.html (overlaid charts) into DIR (created if missing).")
    Path outDir;

    // picocli formats descriptions as format strings: a percent sign is written %%
    @Option(names = "--run-noise", paramLabel = "PCT|FILE", defaultValue = "20%",
            description = {"A change no larger than this share of the first run is taken for run-to-run noise, whatever the "
                    + "runs' intervals say (default: ${DEFAULT-VALUE}; two default probes of one build on the 2-core test "
                    + "machine lay a median of 17.5 %% apart, 2026-12-03). Or the file bench/reproducibility.sh keeps of "
                    + "measured series (bench/run-noise.json): per scenario and figure the largest gap between two runs of "
                    + "the code since its last change that moves a figure, probed with the first run's options."})
    String runNoise;

    /** Gates on every run, and {@code drop} / {@code rise} gates on each later run against the first. */
    @Mixin
    GateOptions gates = new GateOptions();

    @Override
    public Integer call() {
        GatePlan chosen = gates.concludeForComparison();
        List<ResultDocument> documents = results.stream().map(ResultReading::read).toList();
        // the measured series of the options the baseline was probed with
        RunNoise noise = runNoise.endsWith(".json")
                ? RunNoise.read(Path.of(runNoise), RunNoise.probeOptions(documents.get(0).argv()))
                : RunNoise.uniform(100 * Percent.parseFraction("--run-noise", runNoise));
        Comparison comparison = Comparison.of(results.stream().map(Path::toString).toList(), documents, noise);
        PrintWriter out = spec.commandLine().getOut();
        out.print(ComparisonText.terminal(comparison));
        if (outDir != null) {
            try {
                Files.createDirectories(outDir);
                ResultJson.writeFile(outDir.resolve("compare.json"), comparison);
                Files.writeString(outDir.resolve("compare.md"), ComparisonText.markdown(comparison));
                Files.writeString(outDir.resolve("compare.html"), ComparisonHtml.render(comparison, documents));
            } catch (IOException e) {
                throw new UsageException("cannot write the comparison to " + outDir + ": " + e.getMessage());
            }
            out.println("comparison: " + outDir.resolve("compare.json").toAbsolutePath());
            out.println("page:       " + outDir.resolve("compare.html").toAbsolutePath());
        }
        out.flush();
        return chosen.apply(comparison, documents, ExitCode.OK, out);
    }
}
