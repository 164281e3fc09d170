package org.rhcc.cli.experiment.evaluation;

import java.util.List;

/**
 * The scheme sets the evaluation experiments run by default.
 */
public final class EvaluationSchemes
{
    /** Every scheme: the baseline, rhcc, hostCC and both ablations. */
    public static final List<String> ALL = List.of("dcqcn", "rhcc", "hostcc", "rnic-only", "cpu-only");

    private EvaluationSchemes()
    {
    }
}
