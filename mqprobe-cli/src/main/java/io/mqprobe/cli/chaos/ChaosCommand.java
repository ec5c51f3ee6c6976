package io.mqprobe.cli.chaos;

import io.mqprobe.api.Driver;
import io.mqprobe.api.Durability;
import io.mqprobe.api.DurabilitySettings;
import io.mqprobe.api.ProducerProfile;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.fault.FaultSpec;
import io.mqprobe.chaos.ChaosAudit;
import io.mqprobe.chaos.ChaosJudge;
import io.mqprobe.chaos.ChaosPlan;
import io.mqprobe.chaos.ChaosPlanner;
import io.mqprobe.chaos.ChaosSummary;
import io.mqprobe.chaos.ChaosVerdict;
import io.mqprobe.chaos.ClusterWatch;
import io.mqprobe.chaos.CommandFaults;
import io.mqprobe.chaos.EmbeddedFaults;
import io.mqprobe.chaos.FaultExecutor;
import io.mqprobe.chaos.FaultLog;
import io.mqprobe.chaos.FaultPlanFile;
import io.mqprobe.chaos.FaultRoles;
import io.mqprobe.chaos.LogAudit;
import io.mqprobe.cli.load.EndToEndOptions;
import io.mqprobe.run.LoadProgress;
import io.mqprobe.cli.options.AllowDestructiveOption;
import io.mqprobe.cli.options.RunOptions;
import io.mqprobe.consume.ConsumerLoadSpec;
import io.mqprobe.experiment.Experiment;
import io.mqprobe.experiment.ExperimentListener;
import io.mqprobe.experiment.ExperimentResult;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.run.ExitCode;
import io.mqprobe.run.Monitoring;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.time.Duration;
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
    static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(30);
    static final long WATCH_PERIOD_MS = 500;
    /** Reading the whole topic again after the load: seconds for what a chaos run writes; bounded all the same. */
    static final long AUDIT_TIMEOUT_MS = 60_000;

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
        EndToEndOptions.Load asked = e2e.conclude("chaos", DEFAULT_RECORDS_PER_SECOND, DRAIN_TIMEOUT);
        String topicName = asked.topic();
        ProducerLoadSpec userLoad = asked.producer().withDefaults(file.producerProperties());
        ConsumerLoadSpec consumers = asked.consumers();
        RunOptions run = e2e.run();
        new ChaosPlan(TopicSpec.of(topicName, 1, 1), userLoad, consumers, plan, 0, 0);   // refuses a bad plan before anything starts
        return run.session("chaos", spec, 3, e2e.topic().keepTopics(), session -> {
            if (!session.cluster().embedded() && commands.isEmpty()) {
                throw new UsageException("chaos on a cluster mqprobe did not start needs --fault-cmd templates and --allow-destructive");
            }
            session.brokerFaultsPlanned();
            Driver driver = session.cluster().driver();
            TopicSpec layout = layout(topicName, session.brokerCount(), file);
            DurabilitySettings durable = driver.durability(Durability.ALL_REPLICAS, layout.replicationFactor());
            Map<String, String> configs = new LinkedHashMap<>(durable.topicConfigs());
            configs.putAll(topicSettings);
            ChaosPlan chaos = new ChaosPlan(session.topics().capped(layout.withConfigs(configs)),
                    userLoad.withDefaults(producerDefaults(driver, durable, userLoad)), consumers, plan,
                    e2e.warmup().toMillis(), DRAIN_TIMEOUT.toMillis());
            FaultRoles roles = new FaultRoles(driver.admin(), topicName);
            FaultExecutor executor = commands.isEmpty()
                    ? new EmbeddedFaults(session.cluster().embeddedCluster().orElseThrow(), roles)
                    : new CommandFaults(commands, driver.admin(), session.cluster()::localBrokers, roles);
            Monitoring monitoring = session.startMonitoring(consumers.groupIds());
            ExperimentResult result;
            try (ClusterWatch watch = ClusterWatch.start(driver.admin(), topicName, WATCH_PERIOD_MS);
                 FaultLog log = new FaultLog(executor)) {
                ChaosAudit audit = new ChaosAudit(log, watch, new LogAudit(driver, topicName, layout.partitions(), AUDIT_TIMEOUT_MS));
                LoadProgress progress = new LoadProgress(session.progress(), "chaos");
                result = session.runExperiment(new Experiment(ChaosPlanner.KIND, new ChaosPlanner(chaos, audit), new ChaosJudge()),
                        monitoring, progress, new ExperimentListener() {
                            @Override
                            public void onAction(io.mqprobe.result.ActionRecord action) {
                                session.progress().line("fault " + action.action() + ": " + action.outcome()
                                        + (action.error() == null ? "" : " (" + action.error() + ")"));
                            }
                        }, log);
            }
            if (!(result.verdicts().get(ChaosPlanner.SCENARIO) instanceof ChaosVerdict verdict)) {
                return session.exitCode(ExitCode.OK);
            }
            session.document().setSummary(ChaosSummary.of(verdict));
            return session.exitCode(verdict.passed() ? ExitCode.OK : ExitCode.RUN_FAILED);
        });
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

    /**
     * The driver's delivery-check defaults (idempotence included) with its durable acknowledgement, unless
     * the user chose a weaker one: then idempotence, which needs durable writes, is left to the user.
     */
    private static Map<String, String> producerDefaults(Driver driver, DurabilitySettings durable, ProducerLoadSpec load) {
        boolean weaker = durable.producerProperties().entrySet().stream()
                .anyMatch(e -> load.producerProperties().containsKey(e.getKey())
                        && !e.getValue().equals(load.producerProperties().get(e.getKey())));
        Map<String, String> defaults = new LinkedHashMap<>(driver.producerDefaults(weaker ? ProducerProfile.PLAIN : ProducerProfile.DELIVERY_CHECK));
        if (!weaker) {
            defaults.putAll(durable.producerProperties());
        }
        return defaults;
    }
}
