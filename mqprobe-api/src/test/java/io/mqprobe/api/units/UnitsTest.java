package io.mqprobe.api.units;

import io.mqprobe.api.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(5)
class UnitsTest {

    @ParameterizedTest
    @CsvSource({"512,512", "64k,65536", "64KiB,65536", "64kb,64000", "1m,1048576", "1MiB,1048576", "1MB,1000000",
            "1.5GiB,1610612736", "2g,2147483648", "1024B,1024"})
    void should_parse_sizes_like_fio_and_kafka_users_write_them(String text, long bytes) {
        assertThat(ByteSize.parse(text)).isEqualTo(bytes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "abc", "-1", "12 apples", "1Ki", "k"})
    void should_reject_bad_sizes_naming_the_text(String text) {
        assertThatThrownBy(() -> ByteSize.parse(text)).isInstanceOf(UsageException.class).hasMessageContaining("'" + text + "'");
    }

    @Test
    void should_check_size_ranges_naming_the_flag() {
        assertThatThrownBy(() -> ByteSize.parseInRange("--record-size", "1g", 28, 64 << 20))
                .isInstanceOf(UsageException.class).hasMessageStartingWith("--record-size");
    }

    @ParameterizedTest
    @CsvSource({"500ms,500", "30s,30000", "30,30000", "5m,300000", "1h,3600000", "1m30s,90000", "1.5s,1500", "7d,604800000", "72h,259200000"})
    void should_parse_durations(String text, long millis) {
        assertThat(TimeSpan.parse(text)).isEqualTo(Duration.ofMillis(millis));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "soon", "10 minutes", "5x", "s10", "1m 30s"})
    void should_reject_bad_durations(String text) {
        assertThatThrownBy(() -> TimeSpan.parse(text)).isInstanceOf(UsageException.class).hasMessageContaining("bad duration");
    }

    @Test
    void should_reject_zero_where_a_positive_duration_is_needed() {
        assertThatThrownBy(() -> TimeSpan.parsePositive("--duration", "0s")).hasMessageStartingWith("--duration");
    }

    @ParameterizedTest
    @CsvSource({"30%,30", "30,30", "30 %,30", " 2.5% ,2.5", "0.3,0.3", "0%,0"})
    void should_read_a_bare_number_as_a_percentage_never_a_fraction(String text, double pct) {
        assertThat(Percent.parse(text)).isEqualTo(pct);
        assertThat(Percent.parseFraction("--headroom", text)).isEqualTo(pct / 100);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "%", "thirty", "30 percent", "3O%"})
    void should_reject_bad_percentages_naming_the_text(String text) {
        assertThatThrownBy(() -> Percent.parse(text)).isInstanceOf(UsageException.class)
                .hasMessage("bad percentage '" + text + "' (examples: 30%, 30, 2.5 %)");
        assertThatThrownBy(() -> Percent.parseFraction("--growth", text)).isInstanceOf(UsageException.class)
                .hasMessage("bad --growth '" + text + "' (a percentage, e.g. 30%)");
    }

    @ParameterizedTest
    @CsvSource({"2,2", "1.5y,1.5", "1.5 y,1.5", "3yr,3", "3 yrs,3", "1 year,1", "2 Years,2", " 4 ,4"})
    void should_parse_spans_in_years(String text, double years) {
        assertThat(TimeSpan.parseYears("--horizon", text)).isEqualTo(years);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "soon", "2 decades", "y", "1.5yy", "18 months"})
    void should_reject_bad_years_naming_the_flag_and_the_text(String text) {
        assertThatThrownBy(() -> TimeSpan.parseYears("--horizon", text)).isInstanceOf(UsageException.class)
                .hasMessage("bad --horizon '" + text + "' (years, e.g. 2 or 1.5y)");
    }

    @ParameterizedTest
    @CsvSource({"10Gbit,1.25e9", "10Gbps,1.25e9", "1.2GB/s,1.2e9", "800MiB/s,838860800", "100Mbit,12.5e6"})
    void should_parse_rates_in_bytes_per_second(String text, double bytesPerSecond) {
        assertThat(DataRate.parse(text)).isEqualTo(bytesPerSecond);
    }

    @Test
    void should_format_human_units() {
        assertThat(ByteSize.formatRate(48.5e6)).isEqualTo("48.5 MB/s");
        assertThat(ByteSize.formatRate(1.6e9)).isEqualTo("1.6 GB/s");
        assertThat(ByteSize.formatRate(900)).isEqualTo("900 B/s");
        assertThat(TimeSpan.formatMicros(3200)).isEqualTo("3.2 ms");
        assertThat(TimeSpan.formatMicros(850)).isEqualTo("850 µs");
        assertThat(DataRate.formatBits(1.25e9)).isEqualTo("10.00 Gbit/s");
        assertThat(HumanUnits.storage(11.37e12)).isEqualTo("11.4 TB");
        assertThat(HumanUnits.storage(999)).isEqualTo("999 B");
    }
}
