package io.mqprobe.embedded.isolation;

import io.mqprobe.api.InstanceSpec;
import io.mqprobe.api.UsageException;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Who gets which CPUs: brokers with whole-core specs are pinned to their own cores while free cores
 * remain, the load generator likewise, and the fractional rest shares the unclaimed cores under its quota.
 *
 * @param brokerCpus     cpuset list per broker (index = broker id - 1)
 * @param clientCores    the load generator's quota
 * @param clientCpus     its cpuset list
 * @param oversubscribed the quotas add up to more than the machine's cores (allowed explicitly)
 * @param tight          "" when the quotas leave the cores outside them that mqprobe leaves when it sizes them itself
 *                       ({@link IsolationOptions#headroomCores}) or are oversubscribed, else one clause saying they do not
 */
public record CpuPlan(List<String> brokerCpus, double clientCores, String clientCpus, boolean oversubscribed, String tight) {

    /**
     * @param cpus        the machine's CPU ids (of the root cpuset)
     * @param brokerCores each broker's quota, or 0 for no quota
     * @param clientCores the asked client quota, 0 = what the brokers leave
     * @throws UsageException in one line when oversubscribed and not allowed
     */
    public static CpuPlan of(List<Integer> cpus, int brokers, double brokerCores, double clientCores, boolean allowOversubscribe) {
        int machine = cpus.size();
        double brokerTotal = brokers * brokerCores;
        double client = clientCores > 0 ? clientCores : Math.max(0, machine - brokerTotal);
        boolean over = brokerTotal + client > machine + 1e-9 || client <= 0;
        if (over && !allowOversubscribe) {
            throw new UsageException(String.format(Locale.ROOT,
                    "%d brokers x %s cores + %s client cores > %d cores of this machine; use smaller --broker-spec or "
                            + "--client-cores, or --allow-oversubscribe", brokers, fmt(brokerCores), fmt(client), machine));
        }
        if (client <= 0) {
            client = machine;   // oversubscribed on purpose: the load generator shares every core
        }
        List<Integer> free = new ArrayList<>(cpus);
        List<String> brokerCpus = new ArrayList<>();
        List<List<Integer>> pinned = new ArrayList<>();
        for (int b = 0; b < brokers; b++) {
            pinned.add(take(free, brokerCores, true));
        }
        List<Integer> clientPinned = take(free, client, false);
        String shared = list(free.isEmpty() ? cpus : free);
        for (List<Integer> p : pinned) {
            brokerCpus.add(p.isEmpty() ? shared : list(p));
        }
        return new CpuPlan(brokerCpus, client, clientPinned.isEmpty() ? shared : list(clientPinned), over,
                over ? "" : tight(machine - brokerTotal - client, machine));
    }

    /**
     * Why quotas that fill the machine cost the verdict: the compilers, the monitors and the kernel's work run outside
     * them. Three 0.5-core brokers and a 0.5-core client on 2 cores (what {@code --broker-spec 0.5c1g} alone gives, the
     * client taking what the brokers leave) made the host the verdict of replicated-all here, its compilers alone taking
     * 0.45 cores beyond the quotas (2026-12-02), and nothing had said so before the run.
     */
    private static String tight(double outside, int machine) {
        double wanted = IsolationOptions.headroomCores(machine);
        if (outside >= wanted - 1e-9) {
            return "";
        }
        return String.format(Locale.ROOT, "the quotas leave %s of %d cores outside them, where mqprobe's own sizing leaves %s:"
                + " JIT compilers, monitors and the kernel run there, and without room the host may become the verdict",
                fmt(Math.max(0, Math.round(100 * outside) / 100.0)), machine, fmt(Math.round(100 * wanted) / 100.0));
    }

    /** Whole cores from the front (brokers) or the back (client) when that many are free, else none. */
    private static List<Integer> take(List<Integer> free, double cores, boolean front) {
        int whole = (int) cores;
        if (cores < 1 || cores != whole || whole > free.size()) {
            return List.of();
        }
        List<Integer> taken = new ArrayList<>();
        for (int i = 0; i < whole; i++) {
            taken.add(front ? free.remove(0) : free.remove(free.size() - 1));
        }
        return taken;
    }

    static String list(List<Integer> cpus) {
        return cpus.stream().sorted().map(String::valueOf).collect(Collectors.joining(","));
    }

    /** Parses a cpuset list ({@code 0-3,6}). */
    public static List<Integer> parseList(String text) {
        List<Integer> cpus = new ArrayList<>();
        for (String part : text.trim().split(",")) {
            if (part.isBlank()) {
                continue;
            }
            String[] range = part.split("-");
            int from = Integer.parseInt(range[0].trim());
            int to = range.length > 1 ? Integer.parseInt(range[1].trim()) : from;
            for (int c = from; c <= to; c++) {
                cpus.add(c);
            }
        }
        return cpus;
    }

    static String fmt(double cores) {
        return java.math.BigDecimal.valueOf(cores).stripTrailingZeros().toPlainString();
    }

    /** Unused when brokers have no spec. */
    static CpuPlan unlimited(List<Integer> cpus, int brokers) {
        return new CpuPlan(java.util.Collections.nCopies(brokers, list(cpus)), cpus.size(), list(cpus), false, "");
    }

    static double cores(InstanceSpec spec) {
        return spec == null ? 0 : spec.cpuCores();
    }
}
