package io.mqprobe.report;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a report page recorded about itself in {@code #mq-status} once a browser ran it: whether its script ran to the
 * end, the script, console and CSP errors, and how many charts it meant to draw and drew.
 */
public record PageStatus(boolean ready, String errors, int chartsExpected, int chartsDrawn) {

    private static final Pattern STATUS = Pattern.compile("<div id=\"mq-status\"([^>]*)>");

    /** Reads the status from a DOM dumped by the browser. */
    public static PageStatus of(String dom) {
        Matcher m = STATUS.matcher(dom);
        assertThat(m.find()).as("#mq-status in the dumped DOM").isTrue();
        String attributes = m.group(1);
        return new PageStatus("true".equals(attribute(attributes, "data-ready")), attribute(attributes, "data-errors"),
                Integer.parseInt(attribute(attributes, "data-charts-expected")), Integer.parseInt(attribute(attributes, "data-charts-drawn")));
    }

    /** The page script ran to the end without an error and drew every chart it meant to. */
    public PageStatus assertDrawnWithoutErrors() {
        assertThat(ready).as("the page script ran to the end").isTrue();
        assertThat(errors).as("script, console and CSP errors").isEmpty();
        assertThat(chartsDrawn).as("charts drawn").isEqualTo(chartsExpected);
        return this;
    }

    private static String attribute(String attributes, String name) {
        Matcher m = Pattern.compile(name + "=\"([^\"]*)\"").matcher(attributes);
        assertThat(m.find()).as(name).isTrue();
        return m.group(1).replace("&quot;", "\"").replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    }
}
