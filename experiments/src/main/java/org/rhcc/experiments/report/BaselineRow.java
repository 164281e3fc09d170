package org.rhcc.experiments.report;

import java.util.Objects;

/**
 * One line of the paper-versus-simulator comparison: a baseline measurement of docs/paper.md §4 and what the
 * simulator produced for the same condition.
 *
 * @param id        the row, e.g. {@code B1}.
 * @param condition what was measured, in words.
 * @param paper     the testbed number or observation, as the paper reports it.
 * @param simulated the simulator's number, computed from the run records.
 */
public record BaselineRow(String id, String condition, String paper, String simulated)
{
    /**
     * Validates the arguments.
     */
    public BaselineRow
    {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(condition, "condition");
        Objects.requireNonNull(paper, "paper");
        Objects.requireNonNull(simulated, "simulated");
    }
}
