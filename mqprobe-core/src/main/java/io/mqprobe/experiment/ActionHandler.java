package io.mqprobe.experiment;

/**
 * Carries out timed actions for the experiment runner, on its one action thread. The command
 * supplies it (the embedded cluster kills and pauses brokers; a remote target may not support any).
 */
@FunctionalInterface
public interface ActionHandler {

    /** @throws Exception when the action failed or is not supported here; the runner records it and goes on */
    void onAction(StepAction action) throws Exception;

    /** For commands whose steps carry no actions: any action is refused. */
    ActionHandler NONE = action -> {
        throw new UnsupportedOperationException("this command cannot carry out " + action.describe());
    };
}
