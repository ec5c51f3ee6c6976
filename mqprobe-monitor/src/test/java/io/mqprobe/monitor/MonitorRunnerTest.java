package io.mqprobe.monitor;

import io.mqprobe.api.UsageException;
import io.mqprobe.api.monitor.ResourceSample;
import io.mqprobe.api.monitor.Sampler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(20)
class MonitorRunnerTest {

    /** Reports one sample per round and counts its rounds. */
    private static final class CountingSampler implements Sampler {
        final String source;
        final AtomicInteger rounds = new AtomicInteger();
        final AtomicBoolean closed = new AtomicBoolean();

        CountingSampler(String source) {
            this.source = source;
        }

        @Override
        public String name() {
            return "counting " + source;
        }

        @Override
        public List<ResourceSample> sample(long epochMs) {
            return List.of(ResourceSample.of(epochMs, source, "test.rounds", rounds.incrementAndGet()));
        }

        @Override
        public void close() {
            closed.set(true);
        }
    }

    private static Sampler failing(AtomicInteger calls) {
        return new Sampler() {
            @Override
            public String name() {
                return "jmx 10.0.0.9:9999";
            }

            @Override
            public List<ResourceSample> sample(long epochMs) throws Exception {
                calls.incrementAndGet();
                throw new java.io.IOException("Connection refused\n(to host 10.0.0.9)");
            }
        };
    }

    @Test
    void should_report_a_failing_source_once_and_keep_the_others_running() throws Exception {
        StringWriter warnings = new StringWriter();
        ResourceAggregator sink = new ResourceAggregator();
        CountingSampler good = new CountingSampler("host");
        AtomicInteger failingCalls = new AtomicInteger();

        try (MonitorRunner runner = MonitorRunner.start(List.of(failing(failingCalls), good), Duration.ofMillis(20),
                sink, new PrintWriter(warnings))) {
            awaitUntil(() -> good.rounds.get() >= 10 && failingCalls.get() >= 5);
        }

        assertThat(warnings.toString().lines()).singleElement().asString()
                .contains("jmx 10.0.0.9:9999").contains("Connection refused (to host 10.0.0.9)");
        assertThat(sink.samples()).hasSizeGreaterThanOrEqualTo(10).allMatch(s -> s.source().equals("host"));
        assertThat(good.closed).isTrue();
    }

    @Test
    void should_not_let_a_hanging_source_delay_the_others() throws Exception {
        StringWriter warnings = new StringWriter();
        ResourceAggregator sink = new ResourceAggregator();
        CountingSampler fast = new CountingSampler("client");
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger slowCalls = new AtomicInteger();
        Sampler hanging = new Sampler() {
            @Override
            public String name() {
                return "prometheus http://hanging/metrics";
            }

            @Override
            public List<ResourceSample> sample(long epochMs) throws InterruptedException {
                slowCalls.incrementAndGet();
                release.await(15, TimeUnit.SECONDS);
                return List.of();
            }
        };

        long startNs = System.nanoTime();
        try (MonitorRunner runner = MonitorRunner.start(List.of(hanging, fast), Duration.ofMillis(20), sink, new PrintWriter(warnings))) {
            awaitUntil(() -> fast.rounds.get() >= 10);
            assertThat(Duration.ofNanos(System.nanoTime() - startNs)).isLessThan(Duration.ofSeconds(3));
            assertThat(warnings.toString()).isEmpty();   // late is not yet stuck
            awaitUntil(() -> !warnings.toString().isEmpty());
            release.countDown();
        }

        assertThat(Duration.ofNanos(System.nanoTime() - startNs)).isBetween(Duration.ofSeconds(5), Duration.ofSeconds(12));
        assertThat(slowCalls.get()).isEqualTo(1);   // rounds while it hung were skipped, not queued
        assertThat(warnings.toString().lines()).singleElement().asString().contains("hanging").contains("has not answered for 5 s");
        assertThat(fast.rounds.get()).isGreaterThan(100);
    }

    @Test
    void should_close_within_about_two_seconds_when_a_source_ignores_interrupts() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        AtomicBoolean stop = new AtomicBoolean();
        Sampler stubborn = new Sampler() {
            @Override
            public String name() {
                return "stubborn";
            }

            @Override
            public List<ResourceSample> sample(long epochMs) {
                entered.countDown();
                long untilNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(8);
                while (!stop.get() && System.nanoTime() < untilNs) {
                    Thread.onSpinWait();
                }
                return List.of();
            }
        };
        MonitorRunner runner = MonitorRunner.start(List.of(stubborn), Duration.ofMillis(50), s -> { }, new PrintWriter(new StringWriter()));
        assertThat(entered.await(5, TimeUnit.SECONDS)).isTrue();

        long startNs = System.nanoTime();
        runner.close();
        Duration took = Duration.ofNanos(System.nanoTime() - startNs);
        stop.set(true);

        assertThat(took).isBetween(Duration.ofMillis(1_500), Duration.ofMillis(3_000));
    }

    @Test
    void should_keep_going_when_the_sink_throws_and_say_so_once() throws Exception {
        StringWriter warnings = new StringWriter();
        CountingSampler sampler = new CountingSampler("host");

        try (MonitorRunner runner = MonitorRunner.start(List.of(sampler), Duration.ofMillis(20),
                s -> { throw new IllegalStateException("disk full"); }, new PrintWriter(warnings))) {
            awaitUntil(() -> sampler.rounds.get() >= 5);
        }

        assertThat(warnings.toString().lines()).singleElement().asString().contains("disk full");
    }

    @Test
    void should_reject_an_interval_below_ten_milliseconds() {
        assertThatThrownBy(() -> MonitorRunner.start(List.of(), Duration.ofMillis(5), s -> { }, new PrintWriter(new StringWriter())))
                .isInstanceOf(UsageException.class).hasMessageContaining("at least 10ms");
    }

    private static void awaitUntil(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadlineNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadlineNs) {
                throw new AssertionError("condition not met within 10 s");
            }
            Thread.sleep(10);
        }
    }
}
