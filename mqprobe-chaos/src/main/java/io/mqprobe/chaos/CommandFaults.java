package io.mqprobe.chaos;

import io.mqprobe.api.BrokerInfo;
import io.mqprobe.api.ClusterAdmin;
import io.mqprobe.api.LocalBrokerProcess;
import io.mqprobe.api.UsageException;
import io.mqprobe.api.fault.AppliedFault;
import io.mqprobe.api.fault.FaultSpec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Faults on a cluster mqprobe does not own, through commands the user gave ({@code --fault-cmd
 * 'kill=ssh {host} sudo systemctl kill -s KILL kafka'}), run with {@code /bin/sh -c} once per target
 * broker. Placeholders: {@code {id}}, {@code {host}}, {@code {port}}, {@code {pid}} (local brokers only),
 * {@code {rate}} (bytes/s, slow-disk). A fault with a duration is undone with the template of its undo
 * kind: {@code start} after kill, stop and all-down, {@code resume} after pause, {@code heal} after
 * partition, {@code slow-disk-off} after slow-disk.
 */
public final class CommandFaults implements FaultExecutor {

    /** A command that has not finished by then has hung; the fault is recorded as failed. */
    static final long COMMAND_TIMEOUT_MS = 120_000;

    private final Map<String, String> templates;
    private final ClusterAdmin admin;
    private final Supplier<List<LocalBrokerProcess>> local;
    private final FaultRoles roles;
    private final Random random = new Random();
    /** Every broker seen so far: a broker that is down is missing from the cluster's answer but still has a host. */
    private final Map<Integer, BrokerInfo> known = new java.util.concurrent.ConcurrentSkipListMap<>();

    public CommandFaults(Map<String, String> templates, ClusterAdmin admin, Supplier<List<LocalBrokerProcess>> local, FaultRoles roles) {
        this.templates = Map.copyOf(templates);
        this.admin = admin;
        this.local = local;
        this.roles = roles;
        refresh();
    }

    private List<BrokerInfo> refresh() {
        try {
            admin.describeBrokers().forEach(b -> known.put(b.id(), b));
        } catch (RuntimeException e) {
            // the cluster is down (all-down): the brokers seen before are the ones to act on
        }
        return List.copyOf(known.values());
    }

    /** {@code KIND=COMMAND} pairs; @throws UsageException for a pair without '=' */
    public static Map<String, String> parse(List<String> pairs) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            if (eq <= 0 || eq == pair.length() - 1) {
                throw new UsageException("bad --fault-cmd '" + pair + "' (form KIND=COMMAND, e.g. 'kill=ssh {host} sudo systemctl kill -s KILL kafka')");
            }
            out.put(pair.substring(0, eq).trim(), pair.substring(eq + 1));
        }
        return out;
    }

    /** The template kind that undoes {@code fault}, or null for a single act. */
    static String undoKind(FaultSpec fault) {
        if (fault.durationMs() == 0) {
            return null;
        }
        return switch (fault.kind()) {
            case "kill", "stop", "all-down" -> "start";
            case "pause" -> "resume";
            case "partition" -> "heal";
            case "slow-disk" -> "slow-disk-off";
            default -> null;
        };
    }

    /** @throws UsageException naming the first planned fault (or its undo) without a command */
    public static void requireTemplates(Map<String, String> templates, List<FaultSpec> faults) {
        for (FaultSpec f : faults) {
            for (String kind : new String[]{f.kind(), undoKind(f)}) {
                if (kind != null && !templates.containsKey(kind)) {
                    throw new UsageException("fault " + f.kind() + ":" + f.target() + " needs --fault-cmd '" + kind + "=COMMAND'");
                }
            }
        }
    }

    @Override
    public AppliedFault apply(FaultSpec fault) throws IOException, InterruptedException {
        List<BrokerInfo> brokers = refresh();
        List<Integer> ids = new ArrayList<>();
        for (FaultSpec each : roles.rewrite(fault)) {
            ids.addAll(targets(each, brokers));
        }
        for (int id : ids) {
            run(fault.kind(), fault, id, brokers);
        }
        roles.applied(fault, ids);
        String undo = undoKind(fault);
        return new AppliedFault(ids, undo == null ? () -> { } : () -> ids.forEach(id -> {
            try {
                run(undo, fault, id, brokers);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while undoing " + fault.kind());
            }
        }));
    }

    private List<Integer> targets(FaultSpec fault, List<BrokerInfo> brokers) {
        List<Integer> all = brokers.stream().map(BrokerInfo::id).toList();
        return switch (fault.target().role()) {
            case "broker" -> List.of(fault.target().brokerId());
            case "all" -> all;
            case "random" -> List.of(all.get(random.nextInt(all.size())));
            default -> roles.resolve(fault.target());
        };
    }

    private void run(String kind, FaultSpec fault, int id, List<BrokerInfo> brokers) throws IOException, InterruptedException {
        String command = substitute(templates.get(kind), fault, id, brokers, local.get());
        Process p = new ProcessBuilder("/bin/sh", "-c", command).redirectErrorStream(true).start();
        if (!p.waitFor(COMMAND_TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
            p.destroyForcibly();
            throw new IOException(kind + " command for broker " + id + " did not finish in " + COMMAND_TIMEOUT_MS / 1000 + " s");
        }
        if (p.exitValue() != 0) {
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            throw new IOException(kind + " command for broker " + id + " exited " + p.exitValue()
                    + (output.isEmpty() ? "" : ": " + output.lines().findFirst().orElse("")));
        }
    }

    /** The template with this broker's values; @throws IllegalStateException for {pid} of a broker not on this machine */
    static String substitute(String template, FaultSpec fault, int id, List<BrokerInfo> brokers, List<LocalBrokerProcess> local) {
        BrokerInfo broker = brokers.stream().filter(b -> b.id() == id).findFirst().orElse(null);
        String out = template.replace("{id}", Integer.toString(id))
                .replace("{host}", broker == null ? "" : broker.host())
                .replace("{port}", broker == null ? "" : Integer.toString(broker.port()))
                .replace("{rate}", fault instanceof FaultSpec.SlowDisk s ? Long.toString(s.writeBytesPerSecond()) : "");
        if (out.contains("{pid}")) {
            long pid = local.stream().filter(b -> b.brokerId() == id && b.running()).mapToLong(LocalBrokerProcess::pid)
                    .findFirst().orElseThrow(() -> new IllegalStateException("{pid} of broker " + id + " is unknown: it is not a running local broker"));
            out = out.replace("{pid}", Long.toString(pid));
        }
        return out;
    }
}
