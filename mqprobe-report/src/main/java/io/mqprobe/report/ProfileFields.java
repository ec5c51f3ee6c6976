package io.mqprobe.report;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Lenient reads of a probe verdict's profile ({@code verdict.profile} in result.json, docs/result-schema.md): the one
 * place that knows its field names, for the report's "why" and for {@code compare}'s profile shifts. Read from the
 * tree rather than into the core's records, so an older or newer document still reads.
 */
final class ProfileFields {

    private ProfileFields() {
    }

    /** The verdict's profile, or {@code null} without one (an older document, {@code --no-profile}). */
    static JsonNode of(JsonNode verdict) {
        return Fields.object(verdict, "profile");
    }

    /** "the ceiling's steps 2, 3", or {@code otherwise}. */
    static String at(JsonNode profile, String otherwise) {
        return Fields.text(profile, "at", otherwise);
    }

    static List<String> why(JsonNode profile) {
        return Fields.texts(profile, "why");
    }

    static List<String> advice(JsonNode profile) {
        return Fields.texts(profile, "advice");
    }

    static List<JsonNode> processes(JsonNode profile) {
        return Fields.objects(profile, "processes");
    }

    /** "broker-1", "client". */
    static String source(JsonNode process) {
        return Fields.text(process, "source", "?");
    }

    /** The on-CPU samples behind the process's parts: the shares' resolution. */
    static double samples(JsonNode process) {
        return Fields.number(process, "samples", 0);
    }

    /** The sampled stacks as a tree, or {@code null}. */
    static JsonNode flame(JsonNode process) {
        return Fields.object(process, "flame");
    }

    /** Each part's share of the process's sampled on-CPU time (0..1) by name, largest first as written. */
    static Map<String, Double> parts(JsonNode process) {
        Map<String, Double> shares = new LinkedHashMap<>();
        for (JsonNode part : Fields.objects(process, "parts")) {
            shares.merge(Fields.text(part, "name", "?"), Fields.number(part, "share", 0), Double::sum);
        }
        return shares;
    }

    /**
     * Each wait's share of its pool's time (0..1), named by its threads and site: "request handlers waiting in
     * kafka.cluster.Partition.appendRecordsToLeader". One pool waiting at one site in two ways (a monitor and a park)
     * is one wait here: it is the place that matters when two runs are set side by side.
     */
    static Map<String, Double> waits(JsonNode process) {
        Map<String, Double> shares = new LinkedHashMap<>();
        for (JsonNode wait : Fields.objects(process, "waits")) {
            String name = Fields.text(wait, "threads", "?") + " waiting in " + Fields.text(wait, "site", "?");
            shares.merge(name, Fields.number(wait, "share", 0), Double::sum);
        }
        return shares;
    }

    /** The parts per process at each ramp step and at the failing step ({step, processes[]}), in step order. */
    static List<JsonNode> bySteps(JsonNode profile) {
        return Fields.objects(profile, "bySteps");
    }

    /** The step's index in the scenario. */
    static int step(JsonNode stepProfile) {
        return (int) Fields.number(stepProfile, "step", -1);
    }

    /** The step that failed the sustainable load, or -1. */
    static int failingStep(JsonNode profile) {
        return (int) Fields.number(profile, "failingStep", -1);
    }
}
