package io.mqprobe.experiment;

import io.mqprobe.api.TopicSpec;
import io.mqprobe.result.ScenarioResult;

import java.util.List;

/**
 * What a planner may do between steps. Starting a scenario completes the previous one (its verdict is
 * judged and its topics deleted), so each scenario runs on its own fresh topics.
 */
public interface PlanContext {

    /** Ids of the target's brokers, ascending. */
    List<Integer> brokerIds();

    /** Opens a scenario in the result document; its steps follow. */
    void startScenario(ScenarioResult scenario);

    /** Records a scenario that cannot run here, and why; it gets no verdict. */
    void skipScenario(ScenarioResult scenario, String reason);

    /** Creates a topic for the current scenario; it is deleted when the scenario completes. */
    void createTopic(TopicSpec topic);
}
