package io.mqprobe.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqprobe.result.ResultReading;
import io.mqprobe.result.ScenarioProfile;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The "why" row of a verdict: every why line shown, and each part's share per profiled step. */
class ProfileSectionTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static ObjectNode verdict() throws Exception {
        return (ObjectNode) JSON.readTree("""
                {"profile": {"at": "the ceiling's step 3", "steps": [3], "processes": [],
                  "why": ["broker-2 CPU 96 %: replication fetch (follower) 40 %, request handling 35 %, network I/O 25 %",
                          "broker-2 from step 1 (20.0 MB/s) to the ceiling: replication fetch (follower) 10 % → 40 %"],
                  "advice": [],
                  "bySteps": [
                    {"step": 1, "processes": [{"source": "broker-2", "samples": 90, "waits": [], "parts": [
                      {"name": "request handling", "share": 0.6}, {"name": "replication fetch (follower)", "share": 0.1},
                      {"name": "metrics", "share": 0.01}]}]},
                    {"step": 3, "processes": [{"source": "broker-2", "samples": 400, "waits": [], "parts": [
                      {"name": "replication fetch (follower)", "share": 0.4}, {"name": "request handling", "share": 0.35},
                      {"name": "metrics", "share": 0.02}]}]},
                    {"step": 9, "processes": [{"source": "broker-2", "samples": 80, "waits": [], "parts": [
                      {"name": "request handling", "share": 0.7}, {"name": "<script>", "share": 0.3}]}]}],
                  "failingStep": 9}}
                """);
    }

    private static ScenarioProfile profile(ObjectNode verdict) {
        return ResultReading.as(verdict.get("profile"), ScenarioProfile.class);
    }

    @Test
    void should_show_every_why_line_and_each_parts_share_per_step() throws Exception {
        String html = ProfileSection.html(profile(verdict()));

        assertThat(html).contains("broker-2 CPU 96 %: replication fetch (follower) 40 %")
                .contains("<li>broker-2 from step 1 (20.0 MB/s) to the ceiling: replication fetch (follower) 10 % → 40 %</li>");
        assertThat(html).contains("<th>broker-2</th><th>step 1</th><th>step 3</th><th>step 9 (failed)</th>")
                .contains("<tr><td>request handling</td><td class=\"num\">60 %</td><td class=\"num\">35 %</td><td class=\"num\">70 %</td></tr>")
                .contains("<tr><td>replication fetch (follower)</td><td class=\"num\">10 %</td><td class=\"num\">40 %</td><td class=\"num\"></td></tr>");
        assertThat(html).as("a part under 5 % at every step stays out").doesNotContain("<td>metrics</td>");
        assertThat(html).as("names are escaped").contains("&lt;script&gt;").doesNotContain("<script>");
    }

    @Test
    void should_say_which_steps_a_flame_graph_came_from_when_it_spans_more_than_the_ceiling() throws Exception {
        ObjectNode verdict = verdict();
        ObjectNode profile = (ObjectNode) verdict.get("profile");
        profile.set("processes", JSON.readTree("""
                [{"source": "broker-2", "samples": 28, "parts": [{"name": "request handling", "share": 1.0}],
                  "flame": {"name": "broker-2", "samples": 28, "children": [{"name": "request handlers", "samples": 28}]}},
                 {"source": "client", "samples": 300, "parts": [{"name": "record batching", "share": 1.0}],
                  "flame": {"name": "client", "samples": 300, "children": [{"name": "send threads", "samples": 300}]}}]
                """));
        profile.set("atLimit", JSON.readTree("{\"broker-2\": [1, 3, 4]}"));

        String html = ProfileSection.html(profile(verdict));

        assertThat(html).contains("(28 samples, from steps 1, 3, 4, all at its limit)").contains("(300 samples)");
        assertThat(profile(verdict).atLimit()).containsEntry("broker-2", java.util.List.of(1, 3, 4));
    }

    @Test
    void should_draw_no_step_table_for_a_profile_written_before_steps_were_profiled() throws Exception {
        ObjectNode verdict = verdict();
        ((ObjectNode) verdict.get("profile")).remove("bySteps");

        assertThat(ProfileSection.html(profile(verdict))).doesNotContain("parts per step");
    }
}
