package io.mqprobe.result;

/**
 * One timed action of a step (a fault, a config change) as it happened: when it was planned, when it
 * fired, and whether it worked.
 *
 * @param scenario        the scenario the step belongs to
 * @param step            index of the step
 * @param action          the action in its command-line form ({@code kill:broker-1@10s+5s})
 * @param plannedOffsetMs offset from the step start it was planned at
 * @param firedOffsetMs   offset from the step start it actually fired at; {@code null} when it never fired
 * @param outcome         {@code done}, {@code failed}, or {@code not-fired} (the step ended first)
 * @param error           why it failed, or {@code null}
 */
public record ActionRecord(String scenario, int step, String action, long plannedOffsetMs, Long firedOffsetMs,
                           String outcome, String error) {

    public static final String DONE = "done";
    public static final String FAILED = "failed";
    public static final String NOT_FIRED = "not-fired";
}
