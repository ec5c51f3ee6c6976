package io.mqprobe.result;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqprobe.api.monitor.ResourceSample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(5)
class ResultFileTest {

    @Test
    void should_write_a_valid_incomplete_document_that_becomes_complete_when_finished(@TempDir Path dir) throws Exception {
        ResultDocument doc = new ResultDocument("produce", List.of("--duration", "5s"));
        ResultFile file = new ResultFile(dir.resolve("run/result.json"), doc);
        doc.addSample(ResourceSample.of(1000, "broker-1", "cpu.cores", 1.5)); // capacity NaN
        file.write();

        JsonNode partial = ResultJson.MAPPER.readTree(file.path().toFile());
        assertThat(partial.get("schema").asText()).isEqualTo(ResultDocument.SCHEMA);
        assertThat(partial.get("complete").asBoolean()).isFalse();
        assertThat(partial.get("finishedAt").isNull()).isTrue();
        assertThat(partial.get("timeline").get(0).get("capacity").isNull()).isTrue(); // NaN is written as null
        assertThat(partial.get("environment").get("cores").asInt()).isPositive();

        doc.finish(false, null);
        file.write();
        JsonNode done = ResultJson.MAPPER.readTree(file.path().toFile());
        assertThat(done.get("complete").asBoolean()).isTrue();
        assertThat(done.get("finishedAt").asText()).isNotBlank();
        assertThat(Files.list(file.path().getParent())).extracting(p -> p.getFileName().toString()).containsExactly("result.json");
    }

    @Test
    void should_write_the_consistency_flags_and_the_measured_links(@TempDir Path dir) throws Exception {
        ResultDocument doc = new ResultDocument("probe", List.of());
        doc.setSummary(new ResultDocument.Summary("h", List.of(), false, List.of(), List.of("single partition above its broker's ceiling"), null));
        ResultDocument.Ceilings ceilings = new ResultDocument.Ceilings(null, new io.mqprobe.api.monitor.Ceiling(1e9, "probed"),
                List.of(new io.mqprobe.api.monitor.LinkRate("broker-2", 5e6, 25e6)), List.of("broker-2's link carried ..."));
        doc.setCeilings(ceilings);
        ResultFile file = new ResultFile(dir.resolve("r.json"), doc);
        file.write();

        JsonNode json = ResultJson.MAPPER.readTree(file.path().toFile());
        assertThat(json.get("summary").get("consistency").get(0).asText()).startsWith("single partition");
        assertThat(json.get("ceilings").get("links").get(0).get("inBytesPerSecond").asDouble()).isEqualTo(5e6);
        assertThat(json.get("ceilings").get("narrowLinks").get(0).asText()).startsWith("broker-2");
        // the one ceiling type is written in result.json's flat fields, null when unknown, and reads back whole
        assertThat(json.get("ceilings").get("diskWriteBytesPerSecond").isNull()).isTrue();
        assertThat(json.get("ceilings").get("nicBytesPerSecond").asDouble()).isEqualTo(1e9);
        assertThat(json.get("ceilings").get("nicSource").asText()).isEqualTo("probed");
        assertThat(ResultJson.MAPPER.treeToValue(json.get("ceilings"), ResultDocument.Ceilings.class)).isEqualTo(ceilings);
    }

    @Test
    void should_write_a_summary_table_and_read_it_back_and_refuse_a_row_of_another_width(@TempDir Path dir) throws Exception {
        ResultDocument.Summary.Table table = new ResultDocument.Summary.Table(List.of("minute", "p99"),
                List.of(List.of("1", "566 ms"), List.of("2", "192 ms")));
        ResultDocument doc = new ResultDocument("soak", List.of());
        doc.setSummary(new ResultDocument.Summary("held", List.of(), false, List.of(), List.of(), table));
        ResultFile file = new ResultFile(dir.resolve("r.json"), doc);
        file.write();

        JsonNode json = ResultJson.MAPPER.readTree(file.path().toFile());
        assertThat(json.get("summary").get("table").get("rows").get(1).get(1).asText()).isEqualTo("192 ms");
        assertThat(ResultJson.MAPPER.treeToValue(json.get("summary"), ResultDocument.Summary.class).table()).isEqualTo(table);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new ResultDocument.Summary.Table(List.of("minute", "p99"),
                List.of(List.of("1")))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("a row of 1 figures under 2");
    }

    @Test
    void should_mark_an_interrupted_run_incomplete(@TempDir Path dir) throws Exception {
        ResultDocument doc = new ResultDocument("probe", List.of());
        doc.finish(true, null);
        ResultFile file = new ResultFile(dir.resolve("r.json"), doc);
        file.write();
        JsonNode json = ResultJson.MAPPER.readTree(file.path().toFile());
        assertThat(json.get("complete").asBoolean()).isFalse();
        assertThat(json.get("interrupted").asBoolean()).isTrue();
    }

    @Test
    void should_let_the_periodic_and_the_final_save_write_at_the_same_time(@TempDir Path dir) throws Exception {
        // the result-writer thread saves every few seconds while the run's own thread saves after each step and at
        // the end; both used one temp file, so one's rename could find it already moved by the other
        ResultDocument doc = new ResultDocument("probe", List.of());
        ResultFile file = new ResultFile(dir.resolve("result.json"), doc);
        int writers = 4;
        CyclicBarrier start = new CyclicBarrier(writers);
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        try {
            List<Future<?>> saves = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                saves.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < 200; i++) {
                        file.write();
                    }
                    return null;
                }));
            }
            for (Future<?> save : saves) {
                save.get(); // rethrows a writer's failure
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(ResultJson.MAPPER.readTree(file.path().toFile()).get("schema").asText()).isEqualTo(ResultDocument.SCHEMA);
        assertThat(Files.list(dir)).extracting(p -> p.getFileName().toString()).containsExactly("result.json");
    }
}
