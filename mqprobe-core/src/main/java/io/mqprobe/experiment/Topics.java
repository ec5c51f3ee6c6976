package io.mqprobe.experiment;

import io.mqprobe.api.TopicSpec;

/** Creates and deletes the experiment's topics; the command supplies it (so only mqprobe's topics are deleted). */
public interface Topics {

    void create(TopicSpec spec);

    void delete(String name);
}
