package io.mqprobe.run;

import io.mqprobe.workers.ControlTls;
import io.mqprobe.workers.WorkerLoss;
import io.mqprobe.workers.WorkerToken;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;

/** Where the load runs, as the command concluded it from {@code --workers} before the session opens. */
public sealed interface WorkerPlan {

    /** This JVM's producers, as every run without workers. */
    record InProcess() implements WorkerPlan {
    }

    /**
     * {@code count} worker JVMs on this machine, started and stopped by the run.
     *
     * @param tls        the control channel's TLS, or {@code null}
     * @param entryPoint the main class and command words that make a JVM a worker (the command line's {@code worker}
     *                   command: the session does not know the command line that opened it)
     * @param workerArgs the TLS flags each worker is started with
     */
    record Local(int count, WorkerLoss onLoss, ControlTls tls, List<String> entryPoint, List<String> workerArgs)
            implements WorkerPlan {
    }

    /**
     * {@code count} workers started elsewhere, joining on {@code listen} with the token in {@code token}, over TLS
     * when {@code tls} is given.
     */
    record Joining(int count, InetSocketAddress listen, WorkerToken token, Duration timeout, WorkerLoss onLoss,
                   ControlTls tls) implements WorkerPlan {
    }
}
