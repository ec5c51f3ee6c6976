package io.mqprobe.cli.chaos;

import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.fault.FaultSpec;
import io.mqprobe.chaos.ChaosRun;
import io.mqprobe.chaos.CommandFaults;
import io.mqprobe.chaos.FaultPlanFile;
import io.mqprobe.cli.load.EndToEndOptions;
import io.mqprobe.cli.options.AllowDestructiveOption;
import io.mqprobe.experiment.StepPlan;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code mqprobe chaos}: end-to-end load on a fresh topic while faults fire on a timeline, judged per fault. */
@Command(name = "chaos", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Break the cluster on purpose during end-to-end load and judge what it did: acknowledged messages",
                "lost, duplicated or reordered; per fault the unavailability, consumer stall, time to a new leader and",
                "to full ISR, the throughput dip and recovery. Fresh topic, durable writes (all replicas, two in sync)",
                "and idempotence by default. Exit 1 when an acknowledged message was lost or duplicated."})
public final class ChaosCommand implements Callable<Integer> {

    /** Offered load when --throughput is not given: steady, well below what 2 cores take with three replicas. */
    static final double DEFAULT_RECORDS_PER_SECOND = 1_000;

    @Spec
    CommandSpec spec;

    @Option(names = "--fault", paramLabel = "KIND[:TARGET][@START][+DURATION]",
            description = {"A fault on the timeline (repeatable): kill, stop, restart, wipe, pause, partition, slow-disk[=RATE],",
                    "all-down; targets broker-N, leader, controller, random. E.g. kill:leader@10s, pause:broker-2@5s+3s."})
    List<String> faults = new ArrayList<>();

    @Option(names = "--scenario-file", paramLabel = "FILE",
            description = "A fault plan: one fault per line, plus 'producer-prop K=V', 'topic-config K=V' and 'replication-factor N' lines.")
    Path scenarioFile;

    @Option(names = "--topic-config", arity = "1..*", paramLabel = "K=V",
            description = "Native settings of the fresh topic, e.g. unclean.leader.election.enable=true.")
    List<String> topicConfigs = new ArrayList<>();

    @Option(names = "--fault-cmd", paramLabel = "KIND=COMMAND",
            description = {"Carry out KIND with this shell command, once per target broker ({id} {host} {port} {pid} {rate});",
                    "undo kinds start, resume, heal, slow-disk-off. Needs --allow-destructive."})
    List<String> faultCommands = new ArrayList<>();

    @Mixin
    AllowDestructiveOption destructive;

    @Mixin
    EndToEndOptions e2e;

    @Override
    public Integer call() {
        e2e.requireFreshTopic("chaos always uses a fresh topic; only topics mqprobe created are touched");
        Map<String, String> commands = CommandFaults.parse(faultCommands);
        if (!commands.isEmpty() && !destructive.allowed()) {
            throw new UsageException("--fault-cmd breaks a real cluster: refused without --allow-destructive");
        }
        FaultPlanFile file = scenarioFile == null ? new FaultPlanFile(List.of(), Map.of(), Map.of(), null) : FaultPlanFile.read(scenarioFile);
        List<FaultSpec> plan = new ArrayList<>(file.faults());
        faults.forEach(f -> plan.add(FaultSpec.parse(f)));
        if (!commands.isEmpty()) {
            CommandFaults.requireTemplates(commands, plan);
        }
        Map<String, String> topicSettings = new LinkedHashMap<>(file.topicConfigs());
        topicConfigs.forEach(pair -> FaultPlanFile.put(topicSettings, pair));
        EndToEndOptions.Load asked = e2e.conclude("chaos", DEFAULT_RECORDS_PER_SECOND, StepPlan.DRAIN_TIMEOUT);
        String topicName = asked.topic();
        ChaosRun.Request request = new ChaosRun.Request(topicName, brokers -> layout(topicName, brokers, file),
                asked.producer().withDefaults(file.producerProperties()), asked.consumers(), plan, topicSettings, commands,
                e2e.warmup().toMillis());
        return e2e.run().session("chaos", spec, 3, e2e.topic().keepTopics(), session -> ChaosRun.run(session, request));
    }

    /** The topic's layout from the options; a plan file's replication factor when --replication-factor is not given. */
    private TopicSpec layout(String topicName, int brokers, FaultPlanFile file) {
        TopicSpec layout = e2e.topic().layout(topicName, brokers);
        if (file.replicationFactor() == null || spec.commandLine().getParseResult().hasMatchedOption("--replication-factor")) {
            return layout;
        }
        if (file.replicationFactor() > brokers) {
            throw new UsageException("the --scenario-file asks for replication factor " + file.replicationFactor()
                    + ", the cluster has " + brokers + " brokers");
        }
        return TopicSpec.of(topicName, layout.partitions(), file.replicationFactor());
    }
}
