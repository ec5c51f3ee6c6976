package io.mqprobe.load;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.mqprobe.consume.ConsumerLoadSpec;

import java.util.Objects;
import java.util.Optional;

/**
 * What one step loads the cluster with: producers, producers and consumers on the same topic (the
 * consumers start first so nothing is missed), or consumers alone; or, instead of load, work on the cluster.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
        @JsonSubTypes.Type(value = StepLoad.Produce.class, name = "produce"),
        @JsonSubTypes.Type(value = StepLoad.ProduceAndConsume.class, name = "produce-consume"),
        @JsonSubTypes.Type(value = StepLoad.Consume.class, name = "consume"),
        @JsonSubTypes.Type(value = StepLoad.Work.class, name = "work")})
public sealed interface StepLoad {

    /** The producers of the step, if it has any. */
    Optional<ProducerLoadSpec> producerSpec();

    /** The consumers of the step, if it has any. */
    Optional<ConsumerLoadSpec> consumerSpec();

    record Produce(ProducerLoadSpec producers) implements StepLoad {
        public Produce {
            Objects.requireNonNull(producers, "producers");
        }

        @Override
        public Optional<ProducerLoadSpec> producerSpec() {
            return Optional.of(producers);
        }

        @Override
        public Optional<ConsumerLoadSpec> consumerSpec() {
            return Optional.empty();
        }
    }

    /** @param backlog a backlog to build and drain within the step, or {@code null} for consumers that keep up */
    record ProduceAndConsume(ProducerLoadSpec producers, ConsumerLoadSpec consumers, BacklogSpec backlog)
            implements StepLoad {
        public ProduceAndConsume {
            Objects.requireNonNull(producers, "producers");
            Objects.requireNonNull(consumers, "consumers");
        }

        public ProduceAndConsume(ProducerLoadSpec producers, ConsumerLoadSpec consumers) {
            this(producers, consumers, null);
        }

        @Override
        public Optional<ProducerLoadSpec> producerSpec() {
            return Optional.of(producers);
        }

        @Override
        public Optional<ConsumerLoadSpec> consumerSpec() {
            return Optional.of(consumers);
        }
    }

    record Consume(ConsumerLoadSpec consumers) implements StepLoad {
        public Consume {
            Objects.requireNonNull(consumers, "consumers");
        }

        @Override
        public Optional<ProducerLoadSpec> producerSpec() {
            return Optional.empty();
        }

        @Override
        public Optional<ConsumerLoadSpec> consumerSpec() {
            return Optional.of(consumers);
        }
    }

    /**
     * No load: the runner performs {@code work} and records what it found ({@link StepWork}). The work lives as long as
     * the run; in JSON the step says only what it does.
     */
    record Work(String description, @JsonIgnore StepWork work) implements StepLoad {
        public Work {
            Objects.requireNonNull(description, "description");
        }

        @Override
        public Optional<ProducerLoadSpec> producerSpec() {
            return Optional.empty();
        }

        @Override
        public Optional<ConsumerLoadSpec> consumerSpec() {
            return Optional.empty();
        }
    }
}
