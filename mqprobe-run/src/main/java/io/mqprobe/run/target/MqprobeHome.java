package io.mqprobe.run.target;

import io.mqprobe.api.Drivers;
import java.nio.file.Path;

/**
 * mqprobe's own directory ({@code -Dmqprobe.home}, default {@code ~/.mqprobe}): the cluster of
 * {@code mqprobe cluster up} and the run dirs of temporary embedded clusters live here, on a real disk
 * rather than a tmpfs, so broker disk figures mean something.
 */
public final class MqprobeHome {

    private MqprobeHome() {
    }

    public static Path dir() {
        String configured = System.getProperty("mqprobe.home");
        return configured != null && !configured.isBlank()
                ? Path.of(configured).toAbsolutePath()
                : Path.of(System.getProperty("user.home"), ".mqprobe");
    }

    /** Run dir and state of the cluster {@code mqprobe cluster up --driver ID} started; one per driver. */
    public static Path clusterDir(String driverId) {
        return dir().resolve(driverId.equals(Drivers.DEFAULT_ID) ? "cluster" : "cluster-" + driverId);
    }

    /** Parent of the run dirs of clusters a single command starts and stops. */
    public static Path embeddedRunsDir() {
        return dir().resolve("embedded");
    }
}
