package io.mqprobe.chaos;

import io.mqprobe.api.Driver;
import io.mqprobe.api.Durability;
import io.mqprobe.api.DurabilitySettings;
import io.mqprobe.api.ProducerProfile;
import io.mqprobe.api.TopicSpec;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.fault.FaultSpec;
import io.mqprobe.consume.ConsumerLoadSpec;
import io.mqprobe.experiment.Experiment;
import io.mqprobe.experiment.ExperimentListener;
import io.mqprobe.experiment.ExperimentResult;
import io.mqprobe.experiment.StepPlan;
import io.mqprobe.load.ProducerLoadSpec;
import io.mqprobe.result.ActionRecord;
import io.mqprobe.run.ExitCode;
import io.mqprobe.run.LoadProgress;
import io.mqprobe.run.Monitoring;
import io.mqprobe.run.RunSession;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;

/**
 * {@code mqprobe chaos}'s job inside its run session: end-to-end load on a fresh topic with durable writes while the
 * faults fire, carried out on the embedded cluster or by the user's commands, then every acknowledged message audited.
 */
public final class ChaosRun {

    static final long WATCH_PERIOD_MS = 500;
    /** Reading the whole topic again after the load: seconds for what a chaos run writes; bounded all the same. */
    static final long AUDIT_TIMEOUT_MS = 60_000;

    /**
     * A chaos run as concluded from its flags and plan file, checked before a cluster starts.
     *
     * @param layout        the topic's layout for a cluster of N brokers
     * @param topicSettings native settings of the fresh topic, on top of the durable ones
     * @param faultCommands the user's command per fault kind, empty to fault the embedded cluster directly
     */
    public record Request(String topicName, IntFunction<TopicSpec> layout, ProducerLoadSpec load, ConsumerLoadSpec consumers,
                          List<FaultSpec> faults, Map<String, String> topicSettings, Map<String, String> faultCommands,
                          long warmupMs) {

        public Request {
            new ChaosPlan(TopicSpec.of(topicName, 1, 1), load, consumers, faults, 0, 0);   // refuses a bad plan before anything starts
        }
    }

    private ChaosRun() {
    }

    /** @return the exit code: 1 when an acknowledged message was lost or duplicated */
    public static int run(RunSession session, Request request) {
        if (!session.cluster().embedded() && request.faultCommands().isEmpty()) {
            throw new UsageException("chaos on a cluster mqprobe did not start needs --fault-cmd templates and --allow-destructive");
        }
        session.brokerFaultsPlanned();
        Driver driver = session.cluster().driver();
        String topicName = request.topicName();
        TopicSpec layout = request.layout().apply(session.brokerCount());
        DurabilitySettings durable = driver.durability(Durability.ALL_REPLICAS, layout.replicationFactor());
        Map<String, String> configs = new LinkedHashMap<>(durable.topicConfigs());
        configs.putAll(request.topicSettings());
        ProducerLoadSpec load = request.load();
        ChaosPlan chaos = new ChaosPlan(session.topics().capped(layout.withConfigs(configs)),
                load.withDefaults(producerDefaults(driver, durable, load)), request.consumers(), request.faults(),
                request.warmupMs(), StepPlan.DRAIN_TIMEOUT.toMillis());
        FaultRoles roles = new FaultRoles(driver.admin(), topicName);
        FaultExecutor executor = request.faultCommands().isEmpty()
                ? new EmbeddedFaults(session.cluster().embeddedCluster().orElseThrow(), roles)
                : new CommandFaults(request.faultCommands(), driver.admin(), session.cluster()::localBrokers, roles);
        Monitoring monitoring = session.startMonitoring(request.consumers().groupIds());
        ExperimentResult result;
        try (ClusterWatch watch = ClusterWatch.start(driver.admin(), topicName, WATCH_PERIOD_MS);
             FaultLog log = new FaultLog(executor)) {
            ChaosAudit audit = new ChaosAudit(log, watch, new LogAudit(driver, topicName, layout.partitions(), AUDIT_TIMEOUT_MS));
            LoadProgress progress = new LoadProgress(session.progress(), "chaos");
            result = session.runExperiment(new Experiment(ChaosPlanner.KIND, new ChaosPlanner(chaos, audit), new ChaosJudge()),
                    monitoring, progress, new ExperimentListener() {
                        @Override
                        public void onAction(ActionRecord action) {
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
