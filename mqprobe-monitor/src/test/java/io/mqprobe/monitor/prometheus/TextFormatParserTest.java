package io.mqprobe.monitor.prometheus;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(10)
class TextFormatParserTest {

    @Test
    void should_return_every_sample_of_node_exporter_output() {
        String text = FixtureText.read("node_exporter-1.txt");

        List<PromSample> samples = TextFormatParser.parse(text);

        assertThat(samples).hasSize((int) FixtureText.sampleLines(text));
        assertThat(samples).filteredOn(s -> s.name().equals("node_cpu_seconds_total")
                        && s.label("cpu").equals("1") && s.label("mode").equals("user"))
                .singleElement().extracting(PromSample::value).isEqualTo(18112.7);
        assertThat(samples).filteredOn(s -> s.name().equals("go_memstats_alloc_bytes"))
                .singleElement().extracting(PromSample::value).isEqualTo(2.915432e6);
    }

    @Test
    void should_keep_label_values_with_spaces_hashes_and_parentheses() {
        List<PromSample> samples = TextFormatParser.parse(FixtureText.read("node_exporter-1.txt"));

        PromSample uname = samples.stream().filter(s -> s.name().equals("node_uname_info")).findFirst().orElseThrow();

        assertThat(uname.label("version")).isEqualTo("#1 SMP PREEMPT_DYNAMIC Debian 6.1.115-1 (2024-11-01)");
        assertThat(uname.label("domainname")).isEqualTo("(none)");
        assertThat(uname.labels()).containsKeys("machine", "nodename", "release", "sysname");
    }

    @Test
    void should_read_jmx_exporter_trailing_commas_and_java_exponents() {
        String text = FixtureText.read("jmx_exporter_kafka-1.txt");

        List<PromSample> samples = TextFormatParser.parse(text);

        assertThat(samples).hasSize((int) FixtureText.sampleLines(text));
        assertThat(samples).filteredOn(s -> s.name().equals("kafka_server_brokertopicmetrics_bytesin_total") && s.labels().isEmpty())
                .singleElement().extracting(PromSample::value).isEqualTo(1.02240256E11);
        assertThat(samples).filteredOn(s -> s.name().equals("kafka_network_requestmetrics_totaltimems")
                        && s.label("request").equals("Produce") && s.label("quantile").equals("0.99"))
                .singleElement().extracting(PromSample::value).isEqualTo(9.0);
        assertThat(samples).filteredOn(s -> s.name().equals("jvm_gc_collection_seconds_count"))
                .extracting(s -> s.label("gc")).containsExactly("G1 Young Generation", "G1 Old Generation");
    }

    @Test
    void should_unescape_label_values_and_read_special_values_and_timestamps() {
        String text = """
                # a free comment line
                # TYPE odd gauge
                odd{path="C:\\\\kafka",quote="say \\"hi\\"",multi="a\\nb"} +Inf 1700000000000
                odd{path="x"} -Inf
                odd{path="y"} NaN
                odd{path="z"}\t-1.5e-3\t
                """;

        List<PromSample> samples = TextFormatParser.parse(text);

        assertThat(samples).hasSize(4);
        assertThat(samples.get(0).label("path")).isEqualTo("C:\\kafka");
        assertThat(samples.get(0).label("quote")).isEqualTo("say \"hi\"");
        assertThat(samples.get(0).label("multi")).isEqualTo("a\nb");
        assertThat(samples.get(0).value()).isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(samples.get(1).value()).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(samples.get(2).value()).isNaN();
        assertThat(samples.get(3).value()).isEqualTo(-1.5e-3);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "metric",                              // no value
            "metric{a=\"1\" 5",                    // label set not closed
            "metric{a=\"1} 5",                     // label value not closed
            "metric{a=\"\\x\"} 5",                 // unknown escape
            "metric{a=\"1\",a=\"2\"} 5",           // label twice
            "metric{1a=\"1\"} 5",                  // label name starts with a digit
            "metric 1,5",                          // decimal comma
            "metric 5 12:00",                      // not a timestamp
            "metric 5 17 extra",                   // trailing text
            "9metric 5",                           // metric name starts with a digit
            "# TYPE metric histogramm",            // unknown type
    })
    void should_reject_malformed_lines_naming_the_line(String badLine) {
        String text = "# HELP ok fine\nok 1\n" + badLine + "\n";

        assertThatThrownBy(() -> TextFormatParser.parse(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("line 3");
    }

    @Test
    void should_reject_a_second_type_line_for_the_same_metric() {
        assertThatThrownBy(() -> TextFormatParser.parse("# TYPE m gauge\nm 1\n# TYPE m counter\n"))
                .hasMessageContaining("line 3").hasMessageContaining("second TYPE");
    }
}
