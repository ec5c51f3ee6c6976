package io.mqprobe.workers;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.mqprobe.api.Driver;
import io.mqprobe.api.Target;
import io.mqprobe.load.InProcessWorker;
import io.mqprobe.stamp.NanoClock;
import io.mqprobe.consume.RunningConsumers;
import io.mqprobe.load.RunningProducers;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * {@code mqprobe worker}: a control server that runs the producer shares its coordinator orders, on this
 * machine's clients, and answers each second with their snapshot. It stops a share nobody has asked about for
 * {@code orphanAfter}, and closes itself when its coordinator has not answered for {@code lossAfter}: a worker
 * never goes on loading a cluster for a coordinator that is gone.
 */
public final class WorkerServer implements AutoCloseable {

    /** A producer or consumer share this worker runs, and when its coordinator last asked about it. */
    private record Hosted(AutoCloseable load, long[] lastSeenNs) {
        void seen() {
            lastSeenNs[0] = System.nanoTime();
        }
    }

    /** This process's CPU time, reported with every snapshot. */
    private static final com.sun.management.OperatingSystemMXBean PROCESS =
            (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();

    /** How long closing the worker waits for its clients to close before it is closed anyway. */
    static final Duration CLOSE_WAIT = Duration.ofSeconds(5);

    private final String name;
    private final HttpServer server;
    private final ControlHttp http;
    private final AllowedTargets allowed;
    private final Function<Target, Driver> connect;
    private final Map<String, String> localClientSettings;
    private final long orphanAfterNs;
    private final PrintWriter log;
    private final Map<String, Hosted> loads = new ConcurrentHashMap<>();
    private final Map<String, Driver> drivers = new ConcurrentHashMap<>();
    private final ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "mqprobe-worker-watchdog");
        t.setDaemon(true);
        return t;
    });
    private final CountDownLatch closed = new CountDownLatch(1);
    private volatile String advertisedHost;
    /** This worker's wall clock: the machine's, or (tests only) one running ahead of it. */
    private volatile NanoClock clock = NanoClock.SYSTEM;
    // one thread: a share's snapshots are taken by one thread, as the load's statistics require
    private final ExecutorService control = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "mqprobe-worker-control");
        t.setDaemon(true);
        return t;
    });

    private WorkerServer(String name, InetSocketAddress address, ControlHttp http, AllowedTargets allowed,
                         Function<Target, Driver> connect, Map<String, String> localClientSettings, Duration orphanAfter,
                         PrintWriter log) throws IOException {
        this.localClientSettings = Map.copyOf(localClientSettings);
        this.name = name;
        this.http = http;
        this.server = http.listen(address, 16);
        this.allowed = allowed;
        this.connect = connect;
        this.orphanAfterNs = orphanAfter.toNanos();
        this.log = log;
    }

    /**
     * Listens on {@code address} (port 0: any free one) for its coordinator's orders.
     *
     * @param connect             makes a driver for a target the coordinator names (once per target)
     * @param localClientSettings client settings of this worker's own (truststore paths and the like), over the
     *                            coordinator's
     * @param orphanAfter         a share not asked about for this long is stopped and closed
     */
    public static WorkerServer start(String name, InetSocketAddress address, WorkerToken token, AllowedTargets allowed,
                                     Function<Target, Driver> connect, Map<String, String> localClientSettings,
                                     Duration orphanAfter, PrintWriter log) throws IOException {
        return start(name, address, token, null, allowed, connect, localClientSettings, orphanAfter, log);
    }

    /** As above, over TLS when {@code tls} is given (the coordinator must use the same keystore). */
    public static WorkerServer start(String name, InetSocketAddress address, WorkerToken token, ControlTls tls,
                                     AllowedTargets allowed, Function<Target, Driver> connect,
                                     Map<String, String> localClientSettings, Duration orphanAfter, PrintWriter log)
            throws IOException {
        WorkerServer worker = new WorkerServer(name, address, new ControlHttp(token, tls), allowed, connect,
                localClientSettings, orphanAfter, log);
        worker.server.setExecutor(worker.control);
        worker.server.createContext(WorkerProtocol.PRODUCERS, worker.http.guarded(e -> worker.handle(e, WorkerProtocol.PRODUCERS)));
        worker.server.createContext(WorkerProtocol.CONSUMERS, worker.http.guarded(e -> worker.handle(e, WorkerProtocol.CONSUMERS)));
        worker.server.createContext(WorkerProtocol.CLOCK, worker.http.guarded(exchange -> ControlHttp.json(exchange,
                new WorkerProtocol.Clock(worker.clock.epochMicros()))));
        worker.server.start();
        long period = Math.max(100, orphanAfter.toMillis() / 4);
        worker.watchdog.scheduleWithFixedDelay(worker::stopOrphans, period, period, TimeUnit.MILLISECONDS);
        return worker;
    }

    public String name() {
        return name;
    }

    /** Where the coordinator reaches this worker (listening on every address: the one facing the coordinator). */
    public URI url() {
        InetSocketAddress bound = server.getAddress();
        String host = advertisedHost != null ? advertisedHost : bound.getAddress().getHostAddress();
        return http.uri(host, bound.getPort());
    }

    /** The local address this machine would send from to reach {@code coordinator} (no packet is sent). */
    private static String addressFacing(URI coordinator) throws IOException {
        try (DatagramSocket probe = new DatagramSocket()) {
            probe.connect(new InetSocketAddress(coordinator.getHost(), Math.max(1, coordinator.getPort())));
            return probe.getLocalAddress().getHostAddress();
        }
    }

    /**
     * Announces this worker to the coordinator at {@code coordinator} ({@code http://host:port}), then checks every
     * {@code lossAfter / 5} that it is still there and closes this worker once it has not answered for {@code lossAfter}.
     *
     * @throws IOException when the coordinator refuses or cannot be reached
     */
    public void join(URI coordinator, Duration lossAfter) throws IOException {
        if (server.getAddress().getAddress().isAnyLocalAddress()) {
            advertisedHost = addressFacing(coordinator);
        }
        http.call("POST", coordinator.resolve(WorkerProtocol.JOIN), new WorkerProtocol.Join(name, url().toString()), Void.class,
                ControlHttp.CALL_TIMEOUT);
        long[] lastAnswerNs = {System.nanoTime()};
        long period = Math.max(100, lossAfter.toMillis() / 5);
        watchdog.scheduleWithFixedDelay(() -> {
            try {
                http.call("GET", coordinator.resolve(WorkerProtocol.HEALTH), null, Void.class, ControlHttp.CONNECT_TIMEOUT);
                lastAnswerNs[0] = System.nanoTime();
            } catch (IOException e) {
                if (System.nanoTime() - lastAnswerNs[0] > lossAfter.toNanos()) {
                    log.println("worker " + name + ": the coordinator has not answered for " + lossAfter.toSeconds()
                            + " s (" + e.getMessage() + "); stopping");
                    log.flush();
                    close();
                }
            }
        }, period, period, TimeUnit.MILLISECONDS);
    }

    /** Waits until this worker is closed (by its coordinator's loss or {@link #close}); false on timeout. */
    public boolean awaitClosed(Duration timeout) throws InterruptedException {
        return closed.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Tests only: this worker's clock runs {@code shiftUs} ahead of the machine's (a host whose clock is off). */
    void shiftClock(long shiftUs) {
        clock = NanoClock.shifted(NanoClock.SYSTEM, shiftUs);
    }

    /** How many producer and consumer shares run here now. */
    int running() {
        return loads.size();
    }

    private void handle(HttpExchange exchange, String kind) throws IOException {
        String rest = exchange.getRequestURI().getPath().substring(kind.length());
        if (rest.isEmpty() || rest.equals("/")) {
            if (!exchange.getRequestMethod().equals("POST")) {
                ControlHttp.error(exchange, 405, "POST to start a share");
            } else if (kind.equals(WorkerProtocol.PRODUCERS)) {
                start(exchange);
            } else {
                startConsumers(exchange);
            }
            return;
        }
        String[] parts = rest.substring(1).split("/", 2);
        Hosted hosted = loads.get(parts[0]);
        if (hosted == null) {
            ControlHttp.error(exchange, 404, "no share " + parts[0] + " here (stopped as an orphan, or never started)");
            return;
        }
        hosted.seen();
        String action = parts.length == 2 ? parts[1] : "";
        if (hosted.load() instanceof RunningProducers producers) {
            act(exchange, parts[0], producers, action);
        } else {
            act(exchange, parts[0], (RunningConsumers) hosted.load(), action);
        }
    }

    private void start(HttpExchange exchange) throws IOException {
        WorkerProtocol.Start order = ControlHttp.read(exchange, WorkerProtocol.Start.class);
        Driver driver = driverFor(exchange, order.target());
        if (driver == null) {
            return;
        }
        // stamped in the coordinator's time, so end-to-end latency read there is not off by this host's clock
        NanoClock coordinatorTime = NanoClock.shifted(clock, -order.clockOffsetUs());
        RunningProducers producers = new InProcessWorker(driver, coordinatorTime).startProducers(order.share(), order.runId());
        host(exchange, producers);
    }

    private void startConsumers(HttpExchange exchange) throws IOException {
        WorkerProtocol.StartConsumers order = ControlHttp.read(exchange, WorkerProtocol.StartConsumers.class);
        Driver driver = driverFor(exchange, order.target());
        if (driver == null) {
            return;
        }
        // end-to-end latency read in the coordinator's time, as the stamps are written in it
        NanoClock coordinatorTime = NanoClock.shifted(clock, -order.clockOffsetUs());
        host(exchange, new InProcessWorker(driver, coordinatorTime).startConsumers(order.share()));
    }

    private void host(HttpExchange exchange, AutoCloseable load) throws IOException {
        String id = UUID.randomUUID().toString().substring(0, 8);
        Hosted hosted = new Hosted(load, new long[1]);
        hosted.seen();
        loads.put(id, hosted);
        ControlHttp.json(exchange, new WorkerProtocol.Started(id));
    }

    /** The driver for a target this worker may load (one per target), or {@code null} after answering 403. */
    private Driver driverFor(HttpExchange exchange, Target ordered) throws IOException {
        try {
            allowed.check(ordered.bootstrap());
        } catch (IllegalArgumentException e) {
            ControlHttp.error(exchange, 403, e.getMessage());
            return null;
        }
        Target target = withLocalSettings(ordered);
        return drivers.computeIfAbsent(target.driverId() + " " + target.bootstrap(), key -> connect.apply(target));
    }

    /** The coordinator's target with this worker's own client settings over its own (paths differ between hosts). */
    private Target withLocalSettings(Target ordered) {
        if (localClientSettings.isEmpty()) {
            return ordered;
        }
        Map<String, String> merged = new java.util.LinkedHashMap<>(ordered.clientProperties());
        merged.putAll(localClientSettings);
        return new Target(ordered.driverId(), ordered.bootstrap(), merged, ordered.connectTimeout());
    }

    private void act(HttpExchange exchange, String id, RunningProducers producers, String action) throws IOException {
        Map<String, String> query = ControlHttp.query(exchange);
        switch (action) {
            case "snapshot" -> ControlHttp.json(exchange, WorkerProtocol.Snapshot.of(
                    producers.snapshot(Long.parseLong(query.getOrDefault("epochMs", Long.toString(System.currentTimeMillis())))),
                    producers.completed(), producers.sendingDone(), PROCESS.getProcessCpuTime(),
                    Runtime.getRuntime().availableProcessors()));
            case "begin" -> {
                producers.begin();
                ControlHttp.empty(exchange);
            }
            case "metrics" -> ControlHttp.json(exchange, producers.clientMetrics());
            case "stop" -> {
                producers.stop();
                ControlHttp.empty(exchange);
            }
            case "finish" -> {
                long inFlight = producers.finish(Duration.ofMillis(Long.parseLong(query.getOrDefault("drainMs", "0"))));
                ControlHttp.json(exchange, WorkerProtocol.Finished.of(inFlight, producers.ackedSequences()));
            }
            case "close" -> {
                loads.remove(id);
                producers.close();
                ControlHttp.empty(exchange);
            }
            default -> ControlHttp.error(exchange, 404, "unknown action '" + action + "'");
        }
    }

    private void act(HttpExchange exchange, String id, RunningConsumers consumers, String action) throws IOException {
        Map<String, String> query = ControlHttp.query(exchange);
        switch (action) {
            case "snapshot" -> ControlHttp.json(exchange, WorkerProtocol.ConsumerSnapshot.of(consumers,
                    Long.parseLong(query.getOrDefault("epochMs", Long.toString(System.currentTimeMillis()))),
                    PROCESS.getProcessCpuTime(), Runtime.getRuntime().availableProcessors()));
            case "begin" -> {
                consumers.begin();
                ControlHttp.empty(exchange);
            }
            case "pause" -> {
                consumers.pause(Boolean.parseBoolean(query.getOrDefault("paused", "true")));
                ControlHttp.empty(exchange);
            }
            case "finish" -> ControlHttp.json(exchange, WorkerProtocol.ConsumersFinished.of(consumers.finish()));
            case "close" -> {
                loads.remove(id);
                consumers.close();
                ControlHttp.empty(exchange);
            }
            default -> ControlHttp.error(exchange, 404, "unknown action '" + action + "'");
        }
    }

    private void stopOrphans() {
        long now = System.nanoTime();
        loads.forEach((id, hosted) -> {
            if (now - hosted.lastSeenNs()[0] > orphanAfterNs) {
                // said before the share leaves the table: whoever sees it gone can read why
                log.println("worker " + name + ": share " + id + " not asked about for "
                        + Duration.ofNanos(orphanAfterNs).toSeconds() + " s; stopped");
                log.flush();
                if (loads.remove(id, hosted)) {
                    closeInBackground(List.of(hosted.load()), List.of());
                }
            }
        });
    }

    /**
     * Closes producers, then drivers, on a thread of their own: a client whose cluster is gone can take long to close,
     * and neither the watchdog nor the worker's exit may wait on it without a bound.
     */
    private static Thread closeInBackground(List<AutoCloseable> shares, List<Driver> driversToClose) {
        Thread closing = new Thread(() -> {
            for (AutoCloseable share : shares) {
                try {
                    share.close();
                } catch (Exception e) {
                    // closing is best effort: the worker is going away
                }
            }
            for (Driver d : driversToClose) {
                try {
                    d.close();
                } catch (RuntimeException e) {
                    // closing is best effort: the producers are already closed
                }
            }
        }, "mqprobe-worker-close");
        closing.setDaemon(true);
        closing.start();
        return closing;
    }

    @Override
    public void close() {
        if (closed.getCount() == 0) {
            return;
        }
        watchdog.shutdownNow();
        server.stop(0);
        control.shutdownNow();
        List<AutoCloseable> shares = loads.values().stream().map(Hosted::load).toList();
        loads.clear();
        Thread closing = closeInBackground(shares, List.copyOf(drivers.values()));
        try {
            closing.join(CLOSE_WAIT.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        closed.countDown();
    }
}
