package io.mqprobe.workers;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.mqprobe.api.Target;
import io.mqprobe.load.LoadWorker;
import io.mqprobe.load.RunControl;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The run's end of the control channel: workers join it ({@code mqprobe worker --coordinator}) and keep checking it
 * is there; the run then drives them as {@link LoadWorker}s. Joins without the shared token are refused.
 */
public final class Coordinator implements AutoCloseable {

    /** How often a wait for joins looks at the run's cancellation, which flips a flag and notifies no one. */
    private static final long CANCEL_CHECK_MS = 100;

    private final HttpServer server;
    private final ControlHttp http;
    private final ExecutorService executor = Executors.newFixedThreadPool(2, r -> {
        Thread t = new Thread(r, "mqprobe-coordinator");
        t.setDaemon(true);
        return t;
    });
    private final List<WorkerProtocol.Join> joined = new ArrayList<>();
    private final List<String> refused = new ArrayList<>();

    private Coordinator(ControlHttp http, InetSocketAddress address) throws IOException {
        this.http = http;
        this.server = http.listen(address, 64);
    }

    /** Listens on {@code address} (port 0: any free one) over plain HTTP. */
    public static Coordinator listen(InetSocketAddress address, WorkerToken token) throws IOException {
        return listen(address, token, null);
    }

    /** Listens on {@code address} (port 0: any free one), over TLS when {@code tls} is given. */
    public static Coordinator listen(InetSocketAddress address, WorkerToken token, ControlTls tls) throws IOException {
        Coordinator coordinator = new Coordinator(new ControlHttp(token, tls), address);
        coordinator.server.setExecutor(coordinator.executor);
        coordinator.server.createContext(WorkerProtocol.JOIN, coordinator.http.guarded(coordinator::join, coordinator::noteRefused));
        coordinator.server.createContext(WorkerProtocol.HEALTH, coordinator.http.guarded(ControlHttp::empty));
        coordinator.server.start();
        return coordinator;
    }

    /** Where workers join: {@code http://host:port}, or {@code https://} under TLS. */
    public URI url() {
        InetSocketAddress bound = server.getAddress();
        return http.uri(bound.getAddress().getHostAddress(), bound.getPort());
    }

    /**
     * Waits until {@code count} workers have joined, at most {@code timeout}, and returns them as load workers of
     * {@code target}, in the order they joined.
     *
     * @throws WorkerJoinException when fewer joined in time (saying how many, and how many were refused)
     */
    public List<LoadWorker> awaitWorkers(int count, Duration timeout, Target target) throws InterruptedException {
        return awaitWorkers(count, timeout, target, WorkerLoss.STOP, line -> { }, new RunControl());
    }

    /**
     * As above; a worker lost mid-step fails the step or is left out ({@code onLoss}), said through {@code notice}.
     *
     * @throws InterruptedException also when {@code control} is cancelled while waiting (Ctrl-C): a join may be minutes
     *                              away, and the run should stop within a moment, not at the join timeout
     */
    public synchronized List<LoadWorker> awaitWorkers(int count, Duration timeout, Target target, WorkerLoss onLoss,
                                                      Consumer<String> notice, RunControl control) throws InterruptedException {
        long deadlineNs = System.nanoTime() + timeout.toNanos();
        while (joined.size() < count) {
            if (control.cancelled()) {
                throw new InterruptedException("stopped while waiting: " + joined.size() + " of " + count
                        + " load workers had joined " + url());
            }
            long leftMs = TimeUnit.NANOSECONDS.toMillis(deadlineNs - System.nanoTime());
            if (leftMs <= 0) {
                throw new WorkerJoinException(joined.size() + " of " + count + " load workers joined " + url() + " within "
                        + timeout.toSeconds() + " s" + (refused.isEmpty() ? "" : "; refused (wrong token): " + String.join(", ", refused)));
            }
            wait(Math.min(leftMs, CANCEL_CHECK_MS));
        }
        List<LoadWorker> workers = new ArrayList<>();
        for (WorkerProtocol.Join join : joined.subList(0, count)) {
            RemoteWorker worker = new RemoteWorker(join.name(), URI.create(join.url()), http, target, onLoss, notice);
            try {
                worker.measureClock();
            } catch (IOException e) {
                throw new WorkerJoinException("load worker " + worker.name() + " joined but does not answer: " + e.getMessage());
            }
            workers.add(worker);
        }
        return workers;
    }

    /** The last measured clock offset of each worker among {@code workers} that runs elsewhere, by name. */
    public static Map<String, ClockOffset> clocks(List<LoadWorker> workers) {
        Map<String, ClockOffset> clocks = new LinkedHashMap<>();
        for (LoadWorker w : workers) {
            if (w instanceof RemoteWorker r && r.clockOffset() != null) {
                clocks.put(r.name(), r.clockOffset());
            }
        }
        return clocks;
    }

    private void join(HttpExchange exchange) throws IOException {
        WorkerProtocol.Join join = ControlHttp.read(exchange, WorkerProtocol.Join.class);
        synchronized (this) {
            joined.add(join);
            notifyAll();
        }
        ControlHttp.empty(exchange);
    }

    /** A join without the token: its address goes into the error of a wait that ends short. */
    private synchronized void noteRefused(HttpExchange exchange) {
        refused.add(exchange.getRemoteAddress().getAddress().getHostAddress());
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
