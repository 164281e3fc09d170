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

    /**
     * Every scheme of {@link #ALL}, then the other inter-host CCs alone and under RHCC, so that rhcc's gain shows
     * under DCQCN, HPCC and Swift side by side (the congestion and incast experiments).
     */
    public static final List<String> WITH_INTER_HOST_CCS =
        List.of("dcqcn", "rhcc", "hostcc", "rnic-only", "cpu-only", "hostcc-5level",
            "hpcc", "rhcc+hpcc", "swift", "rhcc+swift");

    private EvaluationSchemes()
    {
    }
}
