package io.mqprobe.cli.seams;

import io.mqprobe.api.Driver;
import io.mqprobe.api.DriverFactory;
import io.mqprobe.api.Durability;
import io.mqprobe.api.LocalBrokerProcess;
import io.mqprobe.api.Target;
import io.mqprobe.api.TargetUnreachableException;
import io.mqprobe.embedded.EmbeddedCluster;
import io.mqprobe.embedded.EmbeddedSpec;
import io.mqprobe.embedded.EmbeddedSystem;
import io.mqprobe.scenario.CapacityUnit;
import io.mqprobe.scenario.DriverProfile;
import io.mqprobe.scenario.ScenarioSpec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A third system as a newcomer would add one: a driver, its embedded cluster and its profile, registered under
 * {@code META-INF/services} of this test class path and nowhere else; not a line of core or cli knows it. Its
 * "cluster" is a state file in its run dir (no broker: the test is of the seams, not of a system), and its driver
 * reaches no cluster.
 */
public final class ThirdSystem {

    static final String ID = "third";
    private static final String STATE_FILE = "third-cluster";

    private ThirdSystem() {
    }

    /** The driver: finds no broker anywhere, as a client of an unreachable cluster says. */
    public static final class Factory implements DriverFactory {

        @Override
        public String id() {
            return ID;
        }

        @Override
        public Driver connect(Target target) {
            throw new TargetUnreachableException("no third broker answers at " + target.bootstrap());
        }
    }

    /** The profile: its own question, in messages per second of its one master. */
    public static final class Profile implements DriverProfile {

        @Override
        public String driverId() {
            return ID;
        }

        @Override
        public List<ScenarioSpec> builtInScenarios() {
            return List.of(new ScenarioSpec("third-ceiling", "one node's ceiling, as the third system's users ask it",
                    0, 1, true, Durability.LEADER, 1, Map.of()));
        }

        @Override
        public CapacityUnit capacityUnit() {
            return CapacityUnit.MASTER_TPS;
        }
    }

    /** The embedded cluster: a state file that {@code cluster up} writes and {@code cluster down} removes. */
    public static final class Embedded implements EmbeddedSystem {

        @Override
        public String driverId() {
            return ID;
        }

        @Override
        public String name() {
            return "Third";
        }

        @Override
        public String addressName() {
            return "thirdsrv";
        }

        @Override
        public String describe(EmbeddedSpec spec) {
            return spec.brokers() + " nodes";
        }

        @Override
        public EmbeddedCluster start(EmbeddedSpec spec, Consumer<String> notice) {
            try {
                Files.createDirectories(spec.runDir());
                Files.writeString(spec.runDir().resolve(STATE_FILE), Integer.toString(spec.brokers()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return new Cluster(spec.runDir());
        }

        @Override
        public Optional<EmbeddedCluster> attach(Path stateDir) {
            return Files.exists(stateDir.resolve(STATE_FILE)) ? Optional.of(new Cluster(stateDir)) : Optional.empty();
        }
    }

    private record Cluster(Path runDir) implements EmbeddedCluster {

        @Override
        public String system() {
            return "Third";
        }

        @Override
        public String bootstrap() {
            return "127.0.0.1:1";
        }

        @Override
        public List<LocalBrokerProcess> brokers() {
            return List.of();
        }

        @Override
        public int listenerPort(int brokerId) {
            return 1;
        }

        @Override
        public String isolation() {
            return "isolation off";
        }

        @Override
        public String logTail(int nodeId, int lines) {
            return "";
        }

        @Override
        public boolean anyRunning() {
            return false;
        }

        @Override
        public boolean detached() {
            return true;
        }

        @Override
        public void detach() {
        }

        @Override
        public void close() {
            try {
                Files.deleteIfExists(runDir.resolve(STATE_FILE));
                Files.deleteIfExists(runDir);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public List<Integer> nodeIds() {
            return List.of();
        }

        @Override
        public void kill(int id) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void stop(int id) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void restart(int id) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void wipe(int id) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void pause(int id) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void resume(int id) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void partition(int id) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void heal(int id) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void throttleWrites(int id, long bytesPerSecond) {
            throw new UnsupportedOperationException();
        }
    }
}
