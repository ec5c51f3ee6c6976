package io.mqprobe.cli.report;

import io.mqprobe.cli.CliRun;
import io.mqprobe.report.Chromium;
import io.mqprobe.report.PageStatus;
import io.mqprobe.report.Samples;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * `mqprobe report` with every module on its class path: the sections the experiment modules bring through the section
 * seam (a sweep's studies, a chaos run's faults) are found, and their pages draw every chart in a real browser.
 */
@Timeout(150)
class ReportSectionsInBrowserTest {

    @Test
    void should_draw_a_sweeps_studies_from_the_sweep_module(@TempDir Path dir) throws Exception {
        String html = render(Samples.SWEEP_GRID, dir);

        assertThat(html).contains("<section class=\"card\" id=\"sweep\">", "<table class=\"heatmap\">");
        PageStatus status = PageStatus.of(Chromium.require(dir).dumpDom(dir.resolve("report.html"))).assertDrawnWithoutErrors();
        assertThat(status.chartsExpected()).as("a chart per metric of the study, and the run's").isGreaterThanOrEqualTo(7);
    }

    @Test
    void should_shade_a_chaos_runs_faults_from_the_chaos_module(@TempDir Path dir) throws Exception {
        String html = render(Samples.CHAOS, dir);

        assertThat(html).contains("steps chaos", "kill:leader@8000ms");
        PageStatus status = PageStatus.of(Chromium.require(dir).dumpDom(dir.resolve("report.html"))).assertDrawnWithoutErrors();
        assertThat(status.chartsExpected()).as("per second with the faults shaded, and the trimmed timeline's resources")
                .isGreaterThanOrEqualTo(2);
    }

    private static String render(String sample, Path dir) throws Exception {
        Path result = Samples.copyTo(sample, dir);
        CliRun run = CliRun.of("report", result.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        return Files.readString(dir.resolve("report.html"));
    }
}
