package io.mqprobe.experiment;

import io.mqprobe.result.ActionRecord;
import io.mqprobe.result.ResultDocument;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Fires a step's timed actions at their offsets on one thread (so two actions never race each other),
 * and records each one — done, failed, or not fired because the step ended first.
 */
final class ActionScheduler implements AutoCloseable {

    private final ActionHandler handler;
    private final ResultDocument document;
    private final ExperimentListener listener;
    private ScheduledExecutorService thread;

    ActionScheduler(ActionHandler handler, ResultDocument document, ExperimentListener listener) {
        this.handler = handler;
        this.document = document;
        this.listener = listener;
    }

    /**
     * Schedules the plan's actions from now (the step start); closing the result ends the step. Config
     * changes are carried out here and now, on the caller's thread, so the load starts with them in place.
     */
    Step schedule(StepPlan plan) {
        Step step = new Step(plan, System.nanoTime());
        List<StepAction> timed = plan.actions().stream().filter(a -> !StepAction.BrokerConfigChange.beforeLoad(a)).toList();
        plan.actions().stream().filter(StepAction.BrokerConfigChange::beforeLoad).forEach(a -> {
            Pending p = new Pending(a);
            step.pending.add(p);
            step.fire(p);
        });
        if (!timed.isEmpty()) {
            if (thread == null) {
                thread = Executors.newSingleThreadScheduledExecutor(r -> {
                    Thread t = new Thread(r, "mqprobe-actions");
                    t.setDaemon(true);
                    return t;
                });
            }
            timed.forEach(step::schedule);
        }
        return step;
    }

    /** An action still running (a restart waiting for its broker) may finish within this before it is interrupted. */
    static final long RUNNING_ACTION_GRACE_MS = 60_000;

    @Override
    public void close() {
        if (thread != null) {
            thread.shutdown();
            try {
                thread.awaitTermination(RUNNING_ACTION_GRACE_MS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            thread.shutdownNow();
        }
    }

    /** The actions of one running step. */
    final class Step implements AutoCloseable {

        private final StepPlan plan;
        private final long startNs;
        private final List<Pending> pending = new ArrayList<>();
        private final List<ActionRecord> records = new java.util.concurrent.CopyOnWriteArrayList<>();

        private Step(StepPlan plan, long startNs) {
            this.plan = plan;
            this.startNs = startNs;
        }

        private void schedule(StepAction action) {
            Pending p = new Pending(action);
            long delayNs = startNs + TimeUnit.MILLISECONDS.toNanos(action.offsetMs()) - System.nanoTime();
            p.future = thread.schedule(() -> fire(p), Math.max(0, delayNs), TimeUnit.NANOSECONDS);
            pending.add(p);
        }

        private void fire(Pending p) {
            if (!p.started.compareAndSet(false, true)) {
                return;
            }
            long firedOffsetMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNs);
            String error = null;
            try {
                handler.onAction(p.action);
            } catch (Exception e) {
                error = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            }
            record(p.action, firedOffsetMs, error == null ? ActionRecord.DONE : ActionRecord.FAILED, error);
        }

        private void record(StepAction action, Long firedOffsetMs, String outcome, String error) {
            ActionRecord r = new ActionRecord(plan.scenario(), plan.index(), action.describe(), action.offsetMs(),
                    firedOffsetMs, outcome, error);
            document.recordAction(r);
            records.add(r);
            listener.onAction(r);
        }

        /** The step's actions as they happened so far (fired, failed, or not fired once the step is closed). */
        List<ActionRecord> records() {
            return List.copyOf(records);
        }

        /** Actions that did not start before the step ended are recorded as not fired; a running one finishes. */
        @Override
        public void close() {
            for (Pending p : pending) {
                if (p.started.compareAndSet(false, true)) {
                    p.future.cancel(false);
                    record(p.action, null, ActionRecord.NOT_FIRED, null);
                }
            }
        }
    }

    private static final class Pending {
        private final StepAction action;
        private final AtomicBoolean started = new AtomicBoolean();
        private ScheduledFuture<?> future;

        private Pending(StepAction action) {
            this.action = action;
        }
    }
}
