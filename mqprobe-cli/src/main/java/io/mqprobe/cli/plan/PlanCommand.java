package io.mqprobe.cli.plan;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.units.ByteSize;
import io.mqprobe.api.units.Percent;
import io.mqprobe.api.units.TimeSpan;
import io.mqprobe.cli.options.DurationConverter;
import io.mqprobe.plan.BusinessLoad;
import io.mqprobe.plan.CapacityPlan;
import io.mqprobe.plan.CapacityReader;
import io.mqprobe.plan.CruiseControlCapacity;
import io.mqprobe.plan.MeasuredCapacity;
import io.mqprobe.plan.PlanRefusal;
import io.mqprobe.plan.PlanText;
import io.mqprobe.plan.Planner;
import io.mqprobe.plan.SizedPlan;
import io.mqprobe.report.ReportInput;
import io.mqprobe.report.ReportWriter;
import io.mqprobe.result.ResultJson;
import io.mqprobe.result.ResultReading;
import io.mqprobe.run.ExitCode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code mqprobe plan --from RESULT.json --peak 100k/s ...}: what cluster carries a business load, from what a probe
 * measured. Reads result documents only.
 */
@Command(name = "plan", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Plan a production cluster from measured results: brokers (or masters, slaves and name servers),",
                "partitions, disk and NIC per broker, which limit runs out first as the load grows, and the cheapest",
                "measured size. Every figure rests on a sustainable load (never a ceiling) with the headroom left free,",
                "and shows its arithmetic. Writes plan.json, plan.md, Cruise Control's capacity.json and",
                "capacityCores.json (Kafka), and the report with a Plan section. Exit 1 when no result can carry a plan."})
public final class PlanCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--from", paramLabel = "RESULT.json", required = true,
            description = "A probe's result, or an instance-size probe's (probe --specs: every size is planned); repeatable.")
    List<Path> from;

    @Option(names = "--peak", paramLabel = "RATE", required = true,
            description = "The business peak: messages (100k/s, 70000 msgs/s, 70k tps) or bytes (50MB/s) per second, before replication.")
    String peak;

    @Option(names = "--record-size", paramLabel = "SIZE",
            description = "The typical message (e.g. 1KiB, 500B; default: the size the first result measured with).")
    String recordSize;

    @Option(names = "--retention", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "How long messages are kept (e.g. 72h, 7d; default: the system's own, Kafka 7d, RocketMQ 72h).")
    Duration retention;

    @Option(names = "--replication-factor", paramLabel = "N", defaultValue = "3",
            description = "Copies of every message (RocketMQ: a master and N - 1 slaves; default: ${DEFAULT-VALUE}).")
    int replicationFactor;

    @Option(names = "--consumers", paramLabel = "GROUPS", defaultValue = "1",
            description = "Consumer groups that each read everything: the fan-out (default: ${DEFAULT-VALUE}).")
    int consumerGroups;

    @Option(names = "--consumer-parallelism", paramLabel = "N", defaultValue = "1",
            description = "Consumers in the largest group; each needs a partition (default: ${DEFAULT-VALUE}).")
    int consumerParallelism;

    @Option(names = "--headroom", paramLabel = "PCT", defaultValue = "30%",
            description = "Share of every resource left free at the planned peak (default: ${DEFAULT-VALUE}).")
    String headroom;

    @Option(names = "--growth", paramLabel = "PCT", defaultValue = "0%",
            description = "Growth of the peak per year, with --horizon (e.g. 50%%; default: ${DEFAULT-VALUE}).")
    String growth;

    @Option(names = "--horizon", paramLabel = "YEARS", defaultValue = "1",
            description = "Years the plan must hold while the peak grows (e.g. 2, 1.5y; default: ${DEFAULT-VALUE}).")
    String horizon;

    @Option(names = "--scenario", paramLabel = "NAME",
            description = "The scenario the broker count rests on (default: the replicated one with the lowest sustainable load "
                    + "per broker when RF > 1, else an unreplicated one).")
    String scenario;

    @Option(names = "--accept-lower-bound",
            description = "Plan even on a sustainable load that is only a lower bound (the load generator was among the limits).")
    boolean acceptLowerBound;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where plan.json, plan.md, the capacity files and the report go (default: beside the first result).")
    Path outDir;

    @Override
    public Integer call() {
        List<MeasuredCapacity> measured = new ArrayList<>();
        List<String> refused = new ArrayList<>();
        for (Path file : from) {
            try {
                measured.addAll(CapacityReader.read(file, scenario, replicationFactor));
            } catch (PlanRefusal e) {
                refused.add(e.getMessage());
            }
        }
        BusinessLoad load = businessLoad(measured);
        CapacityPlan plan = Planner.plan(load, measured, refused, acceptLowerBound);
        PrintWriter out = spec.commandLine().getOut();
        out.print(PlanText.terminal(plan));
        if (plan.plans().isEmpty()) {
            out.flush();
            return ExitCode.RUN_FAILED;
        }
        write(plan, out);
        out.flush();
        return ExitCode.OK;
    }

    /** The business load, validated once; defaults that depend on the system come from the first result that read. */
    private BusinessLoad businessLoad(List<MeasuredCapacity> measured) {
        MeasuredCapacity first = measured.isEmpty() ? null : measured.get(0);
        int size = recordSize != null ? (int) ByteSize.parseInRange("--record-size", recordSize, 1, 64L << 20)
                : first != null ? first.recordSizeBytes() : 1024;
        Duration kept = retention != null ? retention
                : first != null ? Planner.defaultRetention(first.unit()) : Duration.ofDays(7);
        return new BusinessLoad(BusinessLoad.parsePeak(peak, size), size, kept, replicationFactor, consumerGroups,
                consumerParallelism, Percent.parseFraction("--headroom", headroom), Percent.parseFraction("--growth", growth),
                TimeSpan.parseYears("--horizon", horizon));
    }

    private void write(CapacityPlan plan, PrintWriter out) {
        Path dir = (outDir != null ? outDir : from.get(0).toAbsolutePath().getParent()).toAbsolutePath();
        try {
            Files.createDirectories(dir);
            ObjectNode planJson = ResultJson.MAPPER.valueToTree(plan);
            ResultJson.writeFile(dir.resolve("plan.json"), planJson);
            Files.writeString(dir.resolve("plan.md"), PlanText.markdown(plan));
            out.println("plan:     " + dir.resolve("plan.json"));
            SizedPlan cheapest = plan.plans().stream().filter(p -> p.label().equals(plan.cheapest())).findFirst().orElseThrow();
            CruiseControlCapacity capacity = CruiseControlCapacity.of(cheapest);
            if (capacity != null) {
                ResultJson.writeFile(dir.resolve("capacity.json"), capacity.capacityJson());
                out.println("capacity: " + dir.resolve("capacity.json") + " (Cruise Control, " + cheapest.label() + ")");
                if (capacity.capacityCoresJson() != null) {
                    ResultJson.writeFile(dir.resolve("capacityCores.json"), capacity.capacityCoresJson());
                    out.println("          " + dir.resolve("capacityCores.json"));
                }
            }
            out.println("report:   " + ReportWriter.write(new ReportInput(ResultReading.read(from.get(0)), planJson), dir));
        } catch (IOException e) {
            throw new UsageException("cannot write the plan to " + dir + ": " + e.getMessage());
        }
    }
}
