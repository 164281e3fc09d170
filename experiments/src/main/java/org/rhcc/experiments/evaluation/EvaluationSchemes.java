package org.rhcc.experiments.evaluation;

import java.util.List;

/**
 * The scheme sets the evaluation experiments run by default.
 */
public final class EvaluationSchemes
{
    /** Every scheme: the baseline, rhcc, hostCC as published, both ablations and hostCC over RHCC's level table. */
    public static final List<String> ALL =
        List.of("dcqcn", "rhcc", "hostcc", "rnic-only", "cpu-only", "hostcc-5level");

    private EvaluationSchemes()
    {
    }
}
