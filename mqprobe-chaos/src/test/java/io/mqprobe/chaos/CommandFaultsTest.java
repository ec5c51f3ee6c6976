package io.mqprobe.chaos;

import io.mqprobe.api.BrokerInfo;
import io.mqprobe.api.LocalBrokerProcess;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.fault.FaultSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The user's fault commands for a real cluster: their templates, what each fault needs, and the values filled in. */
@Timeout(10)
class CommandFaultsTest {

    private static final List<BrokerInfo> BROKERS = List.of(new BrokerInfo(1, "kafka-1.example", 9092, null),
            new BrokerInfo(2, "kafka-2.example", 9093, null));

    @Test
    void should_take_kind_command_pairs_and_refuse_one_without_a_command() {
        assertThat(CommandFaults.parse(List.of("kill=ssh {host} sudo systemctl kill -s KILL kafka", "start=ssh {host} start")))
                .containsExactly(Map.entry("kill", "ssh {host} sudo systemctl kill -s KILL kafka"), Map.entry("start", "ssh {host} start"));
        assertThatThrownBy(() -> CommandFaults.parse(List.of("kill")))
                .isInstanceOf(UsageException.class).hasMessageStartingWith("bad --fault-cmd 'kill'");
        assertThatThrownBy(() -> CommandFaults.parse(List.of("kill=")))
                .isInstanceOf(UsageException.class).hasMessageStartingWith("bad --fault-cmd 'kill='");
    }

    @Test
    void should_ask_for_the_command_that_undoes_a_fault_with_a_duration() {
        Map<String, String> killOnly = Map.of("kill", "k");
        CommandFaults.requireTemplates(killOnly, List.of(FaultSpec.parse("kill:broker-2@5s")));   // a single act: no undo

        assertThatThrownBy(() -> CommandFaults.requireTemplates(killOnly, List.of(FaultSpec.parse("kill:broker-2@5s+10s"))))
                .isInstanceOf(UsageException.class).hasMessage("fault kill:broker-2 needs --fault-cmd 'start=COMMAND'");
        assertThatThrownBy(() -> CommandFaults.requireTemplates(killOnly, List.of(FaultSpec.parse("pause:broker-1@1s+2s"))))
                .isInstanceOf(UsageException.class).hasMessageContaining("'pause=COMMAND'");
    }

    @Test
    void should_fill_in_the_broker_and_the_fault() {
        FaultSpec slow = FaultSpec.parse("slow-disk:broker-2@0s+20s=5MB/s");
        List<LocalBrokerProcess> local = List.of(new LocalBrokerProcess(2, 4242, 0, Path.of("/tmp/b2"), null, null));

        assertThat(CommandFaults.substitute("ssh {host} throttle {id} {port} {rate} {pid}", slow, 2, BROKERS, local))
                .isEqualTo("ssh kafka-2.example throttle 2 9093 5000000 4242");
    }

    @Test
    void should_refuse_the_pid_of_a_broker_not_running_here() {
        FaultSpec kill = FaultSpec.parse("kill:broker-1@1s");

        assertThatThrownBy(() -> CommandFaults.substitute("kill -9 {pid}", kill, 1, BROKERS, List.of()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("{pid} of broker 1 is unknown");
    }
}
