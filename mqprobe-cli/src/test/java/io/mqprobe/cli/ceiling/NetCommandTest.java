package io.mqprobe.cli.ceiling;

import io.mqprobe.cli.CliRun;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqprobe.ceilings.net.NetServer;
import io.mqprobe.ceilings.net.NetServerLimits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PipedReader;
import java.io.PipedWriter;
import java.io.PrintWriter;
import java.io.BufferedReader;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(60)
class NetCommandTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    @TempDir
    Path dir;

    @Test
    void should_exit_3_with_one_clear_line_when_no_server_listens() throws IOException {
        int closedPort = freePort();

        CliRun run = CliRun.of("net", "client", "127.0.0.1", "--port", String.valueOf(closedPort), "-t", "1");

        assertThat(run.exitCode()).isEqualTo(3);
        assertThat(run.err().lines()).hasSize(1);
        assertThat(run.err()).startsWith("mqprobe: cannot reach an mqprobe net server at 127.0.0.1:" + closedPort)
                .doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void should_exit_2_on_bad_units_and_values() {
        for (String[] args : new String[][]{
                {"net", "client", "127.0.0.1", "--duration", "5x"},
                {"net", "client", "127.0.0.1", "--block", "12q"},
                {"net", "client", "127.0.0.1", "-P", "0"},
                {"net", "server", "--duration", "soon"},
                {"net", "server", "--max-streams", "1000"}}) {
            CliRun run = CliRun.of(args);

            assertThat(run.exitCode()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(run.errLines()).as(String.join(" ", args)).isEqualTo(1);
            assertThat(run.err()).startsWith("mqprobe: ").doesNotContain("\tat ");
        }
    }

    @Test
    void should_print_per_second_figures_and_totals_and_write_json() throws Exception {
        Path json = dir.resolve("net.json");
        try (NetServer server = NetServer.start(LOOPBACK, 0, NetServerLimits.DEFAULT)) {
            CliRun run = CliRun.of("net", "client", "127.0.0.1", "--port", String.valueOf(server.port()),
                    "-P", "2", "--duration", "2s", "--json", json.toString());

            assertThat(run.exitCode()).as(run.err()).isZero();
            assertThat(run.out()).contains("2 streams").contains("sender").contains("receiver").contains("Gbit/s");
            assertThat(run.out().lines().filter(line -> line.startsWith("[SUM]"))).hasSizeGreaterThanOrEqualTo(4);
        }
        JsonNode result = new ObjectMapper().readTree(json.toFile());
        assertThat(result.get("schema").asText()).isEqualTo("mqprobe.net/v1");
        assertThat(result.get("streams").asInt()).isEqualTo(2);
        assertThat(result.get("intervals").size()).isGreaterThanOrEqualTo(2);
        assertThat(result.get("receiverBytes").asLong()).isPositive();
        assertThat(result.get("receiverBytesPerSecond").asDouble()).isPositive();
    }

    @Test
    void should_run_a_once_server_and_a_reverse_client_through_the_cli() throws Exception {
        int port = freePort();
        PipedWriter serverOut = new PipedWriter();
        BufferedReader serverLines = new BufferedReader(new PipedReader(serverOut));
        StringWriter serverErr = new StringWriter();
        CompletableFuture<Integer> server = CompletableFuture.supplyAsync(() -> io.mqprobe.cli.Main.run(
                new PrintWriter(serverOut, true), new PrintWriter(serverErr, true),
                "net", "server", "--bind", "127.0.0.1", "--port", String.valueOf(port), "--once", "--duration", "30s"));
        assertThat(serverLines.readLine()).as(serverErr.toString()).startsWith("listening on 127.0.0.1:" + port);

        CliRun client = CliRun.of("net", "client", "127.0.0.1", "--port", String.valueOf(port), "-P", "3", "-t", "1500ms", "-R");

        assertThat(client.exitCode()).as(client.err()).isZero();
        assertThat(client.out()).contains("server sends (reverse)").contains("received per stream");
        assertThat(serverLines.readLine()).contains("3 streams");
        assertThat(serverLines.readLine()).contains("done");
        assertThat(server.get(20, TimeUnit.SECONDS)).as("--once server ends by itself").isZero();
    }

    private static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, LOOPBACK)) {
            return probe.getLocalPort();
        }
    }
}
