package io.mqprobe.chaos;

import io.mqprobe.api.fault.AppliedFault;
import io.mqprobe.api.fault.FaultSpec;
import io.mqprobe.experiment.ActionHandler;
import io.mqprobe.experiment.StepAction;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The {@link ActionHandler} of a chaos run: applies each fault through the executor, mends it after its
 * duration on a thread of its own (so a long fault does not hold back the next one on the timeline),
 * and keeps what happened when for the judge. Closing mends every fault still in force.
 */
public final class FaultLog implements ActionHandler, AutoCloseable {

    private final FaultExecutor executor;
    private final List<FaultEvent> events = new ArrayList<>();
    private final List<Runnable> pendingUndos = new ArrayList<>();
    /** Held while an undo runs, so {@link #undoPending} can wait for one the undo thread already started. */
    private final Object undoing = new Object();
    private final ScheduledExecutorService undoThread = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "mqprobe-fault-undo");
        t.setDaemon(true);
        return t;
    });

    public FaultLog(FaultExecutor executor) {
        this.executor = executor;
    }

    @Override
    public void onAction(StepAction action) throws Exception {
        if (!(action instanceof StepAction.FaultAction fa)) {
            throw new UnsupportedOperationException("a chaos run carries out faults only, not " + action.describe());
        }
        FaultSpec fault = fa.fault();
        long firedMs = System.currentTimeMillis();
        int index = add(new FaultEvent(fault, List.of(), FaultEvent.IN_PROGRESS, firedMs, null, null));
        AppliedFault applied;
        try {
            applied = executor.apply(fault);
        } catch (Exception e) {
            set(index, new FaultEvent(fault, List.of(), FaultEvent.FAILED, firedMs, null,
                    e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
            throw e;
        }
        set(index, new FaultEvent(fault, applied.brokers(), FaultEvent.DONE, firedMs, null, null));
        if (fault.durationMs() > 0) {
            Runnable undo = () -> undo(index, applied);
            synchronized (this) {
                pendingUndos.add(undo);
            }
            // the fault lasts its duration from when it fired, however long applying it took (a graceful stop)
            long delayMs = Math.max(0, firedMs + fault.durationMs() - System.currentTimeMillis());
            undoThread.schedule(() -> {
                if (take(undo)) {
                    undo.run();
                }
            }, delayMs, TimeUnit.MILLISECONDS);
        }
    }

    /** Every fault so far, in the order they fired. */
    public synchronized List<FaultEvent> events() {
        return List.copyOf(events);
    }

    private void undo(int index, AppliedFault applied) {
        synchronized (undoing) {
            String error = null;
            try {
                applied.undo();
            } catch (RuntimeException e) {
                error = "undo failed: " + e.getMessage();
            }
            synchronized (this) {
                events.set(index, events.get(index).undone(System.currentTimeMillis(), error));
            }
        }
    }

    private synchronized int add(FaultEvent event) {
        events.add(event);
        return events.size() - 1;
    }

    private synchronized void set(int index, FaultEvent event) {
        events.set(index, event);
    }

    private synchronized boolean take(Runnable undo) {
        return pendingUndos.remove(undo);
    }

    /**
     * Mends now every fault whose duration has not run out yet (the load ended first), and waits for an
     * undo already under way, so the cluster is whole again and every undo is on record.
     */
    public void undoPending() {
        List<Runnable> left;
        synchronized (this) {
            left = List.copyOf(pendingUndos);
            pendingUndos.clear();
        }
        left.forEach(Runnable::run);
        synchronized (undoing) {
            // nothing: entering means the undo thread's current undo, if any, has finished
        }
    }

    /** Mends what is still broken and stops the undo thread. */
    @Override
    public void close() {
        undoThread.shutdownNow();
        undoPending();
    }
}
