package io.mqprobe.result;

import com.fasterxml.jackson.annotation.JsonTypeName;

import java.util.List;

/**
 * The verdict of a one-step run ({@code produce}, {@code e2e}, {@code consume}): passed unless nothing
 * got through or the delivery check found lost or duplicated messages.
 *
 * @param problems      why it failed, one line each; empty when it passed
 * @param clientLimited the load generator, not the cluster, set the pace (its CPU, or sends behind schedule)
 */
@JsonTypeName("single-run")
public record SingleRunVerdict(List<String> problems, boolean clientLimited) implements Verdict {

    public SingleRunVerdict {
        problems = problems == null ? List.of() : List.copyOf(problems); // a file that left them out had none
    }

    @Override
    public boolean passed() {
        return problems.isEmpty();
    }
}
