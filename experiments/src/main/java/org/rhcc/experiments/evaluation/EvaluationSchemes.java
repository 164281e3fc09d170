package org.rhcc.experiments.evaluation;

import java.util.List;
import java.util.stream.Stream;

/**
 * The scheme sets the evaluation experiments run by default.
 */
public final class EvaluationSchemes
{
    /**
     * Every scheme over DCQCN: the baseline, rhcc, hostCC as published, both ablations, hostCC over RHCC's level table
     * and rhcc's never-worse variant {@code rhcc-gated}.
     */
    public static final List<String> ALL =
        List.of("dcqcn", "rhcc", "hostcc", "rnic-only", "cpu-only", "hostcc-5level", "rhcc-gated");

    /**
     * Every scheme of {@link #ALL}, then the other inter-host CCs alone, under RHCC and under rhcc-gated, so that
     * rhcc's gain, and whether it ever loses, shows under DCQCN, HPCC and Swift side by side.
     */
    public static final List<String> WITH_INTER_HOST_CCS = Stream.concat(ALL.stream(),
        Stream.of("hpcc", "rhcc+hpcc", "rhcc-gated+hpcc", "swift", "rhcc+swift", "rhcc-gated+swift")).toList();

    /** The paper's comparison and rhcc's variant: the baseline, rhcc and rhcc-gated. */
    public static final List<String> RHCC_AND_VARIANT = List.of("dcqcn", "rhcc", "rhcc-gated");

    private EvaluationSchemes()
    {
    }
}
