package io.mqprobe.cli.seams;

import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.experiment.Experiment;
import io.mqprobe.experiment.ExperimentListener;
import io.mqprobe.experiment.ExperimentRunner;
import io.mqprobe.experiment.ActionHandler;
import io.mqprobe.experiment.Judge;
import io.mqprobe.experiment.Planner;
import io.mqprobe.experiment.StepPlan;
import io.mqprobe.experiment.Topics;
import io.mqprobe.load.ResourceWindow;
import io.mqprobe.load.RunControl;
import io.mqprobe.load.StepLoad;
import io.mqprobe.load.StepRunner;
import io.mqprobe.report.Samples;
import io.mqprobe.report.MarkdownReport;
import io.mqprobe.report.TerminalSummary;
import io.mqprobe.report.VerdictSection;
import io.mqprobe.result.ResultDocument;
import io.mqprobe.result.ResultFile;
import io.mqprobe.result.ResultJson;
import io.mqprobe.result.ResultReading;
import io.mqprobe.result.ScenarioResult;
import io.mqprobe.result.Verdict;
import io.mqprobe.result.VerdictTypes;
import io.mqprobe.stamp.NanoClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A new experiment kind added in this test's class path only, as a newcomer would: a planner, a judge, its verdict
 * record (named through {@link VerdictTypes}) and its report section ({@link VerdictSection}), listed under
 * {@code META-INF/services} in the test resources. Nothing in core, the report or the CLI names it.
 */
class NewExperimentKindTest {

    /** The census's verdict: how many things it counted, and how many a second count found. */
    @JsonTypeName("census")
    public record CensusVerdict(int counted, int recounted) implements Verdict {
        @Override
        public boolean passed() {
            return counted == recounted;
        }
    }

    /** Registers the census's verdict, so result documents read it back by its kind. */
    public static final class CensusVerdicts implements VerdictTypes {
        @Override
        public List<Class<? extends Verdict>> types() {
            return List.of(CensusVerdict.class);
        }
    }

    /** How a census verdict reads in the reports. */
    public static final class CensusSection implements VerdictSection {
        @Override
        public String kind() {
            return "census";
        }

        @Override
        public Optional<String> line(ScenarioResult scenario, Verdict verdict) {
            CensusVerdict census = (CensusVerdict) verdict;
            return Optional.of("counted " + census.counted() + ", recounted " + census.recounted());
        }

        @Override
        public Optional<Boolean> passed(Verdict verdict) {
            return Optional.of(verdict.passed());
        }
    }

    /** Two steps of work: a count and a recount. */
    private static final Planner CENSUS = (measured, context) -> {
        if (measured.isEmpty()) {
            context.startScenario(new ScenarioResult("census", "counts twice", null, null));
        }
        if (measured.size() >= 2) {
            return Optional.empty();
        }
        int count = 3 + measured.size();   // the recount finds one more: the verdict must say so
        return Optional.of(StepPlan.of("census", measured.size(), new StepLoad.Work("count", () -> count),
                Duration.ZERO, Duration.ZERO));
    };

    private static final Judge JUDGE = (scenario, steps, interrupted) ->
            new CensusVerdict((Integer) steps.get(0).findings(), (Integer) steps.get(1).findings());

    @Test
    void should_run_judge_write_read_back_and_report_a_kind_core_does_not_know(@TempDir Path dir) throws Exception {
        ResultDocument document = new ResultDocument("census", List.of());
        RunControl control = new RunControl();
        StepRunner steps = new StepRunner(null, document, ResourceWindow.NONE, control, row -> { }, NanoClock.SYSTEM);
        ResultFile file = new ResultFile(dir.resolve("result.json"), document);

        Topics none = new Topics() {
            @Override
            public void create(io.mqprobe.api.TopicSpec spec) {
            }

            @Override
            public void delete(String name) {
            }
        };
        new ExperimentRunner(steps, document, null, none, ActionHandler.NONE, control, ExperimentListener.NONE,
                file::write).run(new Experiment("census", CENSUS, JUDGE));

        JsonNode result = ResultJson.MAPPER.readTree(dir.resolve("result.json").toFile());
        JsonNode verdict = result.path("scenarios").get(0).path("verdict");
        assertThat(verdict.path("kind").asText()).isEqualTo("census");
        assertThat(ResultJson.MAPPER.treeToValue(verdict, Verdict.class)).isEqualTo(new CensusVerdict(3, 4));
        assertThat(Samples.html(result)).contains("<b>census</b> counted 3, recounted 4", "badge warn\">failed");
        assertThat(MarkdownReport.render(ResultReading.document(result, "the census result"))).contains("Census: counted 3, recounted 4");
        assertThat(TerminalSummary.render(ResultReading.document(result, "the census result"), false)).contains("counted 3, recounted 4");
    }
}
