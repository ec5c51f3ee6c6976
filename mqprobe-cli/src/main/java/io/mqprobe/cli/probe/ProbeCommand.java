package io.mqprobe.cli.probe;

import io.mqprobe.cli.ExitCode;
import io.mqprobe.cli.load.LoadProgress;
import io.mqprobe.cli.run.LoadSession;
import io.mqprobe.cli.run.Monitoring;
import io.mqprobe.cli.run.RunOptions;
import io.mqprobe.cli.run.TopicLifecycle;
import io.mqprobe.load.NanoClock;
import io.mqprobe.load.StepRunner;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.scenario.ScenarioRunner;
import io.mqprobe.scenario.ScenarioSpec;
import io.mqprobe.search.CapacitySummarizer;
import io.mqprobe.search.CapacitySummary;
import io.mqprobe.search.ScenarioOutcome;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code mqprobe probe}: the main job — ramp every scenario to saturation and say what the cluster can take. */
@Command(name = "probe", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Probe a cluster's capacity: ceiling, knee, sustainable load and the bottleneck.",
                "Measures disk and NIC ceilings, ramps producer clients per scenario until throughput plateaus,",
                "then paces load below the ceiling, watching every resource. With no --bootstrap it starts an",
                "embedded 3-broker Kafka cluster."})
public final class ProbeCommand implements Callable<Integer> {

    private static final int EMBEDDED_BROKERS = 3;

    @Spec
    CommandSpec spec;

    @Mixin
    ProbeOptions probe;

    @Mixin
    RunOptions run;

    @Override
    public Integer call() {
        // everything the user typed is checked before a cluster starts
        List<ScenarioSpec> scenarios = probe.scenarioSpecs();
        ScenarioRunner.Settings settings = probe.settings();
        run.monitor().interval();
        CeilingsStep.validate(probe);
        return LoadSession.run("probe", spec, run, EMBEDDED_BROKERS, probe.keepTopics, session -> {
            ResultDocument document = session.document();
            document.thresholds = settings.thresholds();
            ResultDocument.Ceilings ceilings = CeilingsStep.measure(probe, session);
            document.ceilings = ceilings;
            session.save();
            Monitoring monitoring = session.startMonitoring(run.monitor(), List.of(),
                    ceilings.diskWriteBytesPerSecond() == null ? Double.NaN : ceilings.diskWriteBytesPerSecond(),
                    ceilings.nicBytesPerSecond() == null ? Double.NaN : ceilings.nicBytesPerSecond());
            ProbeProgress progress = new ProbeProgress(session.progress(), scenarios, settings.plan());
            StepRunner steps = new StepRunner(session.cluster().driver(), document, monitoring.window(), session.control(),
                    new LoadProgress(session.progress(), "   "), NanoClock.SYSTEM);
            ScenarioRunner runner = new ScenarioRunner(session.cluster().driver().admin(), steps,
                    topicsOf(session), document, session.control(), progress);
            List<ScenarioOutcome> outcomes = new ArrayList<>();
            for (ScenarioSpec scenario : scenarios) {
                if (session.cancelled()) {
                    break;
                }
                progress.scenarioStarts(scenario);
                outcomes.add(runner.run(scenario, settings, TopicLifecycle.freshName(scenario.name())));
                session.save();
            }
            CapacitySummary summary = CapacitySummarizer.summarize(outcomes, session.brokerCount());
            synchronized (document) {
                document.summary = new ResultDocument.Summary(summary.headline(), summary.lines(), summary.clientLimited(),
                        summary.notes());
            }
            return session.exitCode(ExitCode.OK);
        });
    }

    /** Topics of each scenario are created, watched, and deleted as soon as the scenario ends (disk stays free). */
    private static ScenarioRunner.Topics topicsOf(LoadSession session) {
        return new ScenarioRunner.Topics() {
            @Override
            public void create(io.mqprobe.api.TopicSpec topicSpec) {
                session.topics().create(topicSpec);
                session.watchTopic(topicSpec.name());
            }

            @Override
            public void delete(String name) {
                session.unwatchTopic(name);
                session.topics().deleteNow(name);
            }
        };
    }
}
