package org.rhcc.experiments.evaluation;

import java.util.ArrayList;
import java.util.List;

import org.rhcc.core.control.InterHostCc;
import org.rhcc.core.control.Scheme;
import org.rhcc.experiments.scheme.SchemeRegistry;

/**
 * The scheme sets the evaluation experiments run by default. Every set that runs rhcc runs, under each of DCQCN, HPCC
 * and Swift, the CC alone, rhcc and rhcc-gated (HPCC's and Swift's added by {@link #withOtherCcs(List)}), so that
 * rhcc's gain, and whether it ever loses, shows side by side in every experiment ({@code rhcc report --never-worse}).
 */
public final class EvaluationSchemes
{
    /**
     * Every scheme over DCQCN: the baseline, rhcc, hostCC as published, both ablations, hostCC over RHCC's level table,
     * rhcc's never-worse variant {@code rhcc-gated} and the paper's emulation of hostCC ({@code hostcc-emulated}).
     */
    public static final List<String> ALL = List.of("dcqcn", "rhcc", "hostcc", "rnic-only", "cpu-only",
        "hostcc-5level", "rhcc-gated", "hostcc-emulated");

    /** Every scheme of {@link #ALL}, then HPCC and Swift alone, under rhcc and under rhcc-gated. */
    public static final List<String> WITH_INTER_HOST_CCS = withOtherCcs(ALL);

    /** The paper's comparison and rhcc's variant over each inter-host CC. */
    public static final List<String> RHCC_AND_VARIANT = withOtherCcs(List.of("dcqcn", "rhcc", "rhcc-gated"));

    private EvaluationSchemes()
    {
    }

    /**
     * @param dcqcnSchemes schemes over DCQCN.
     * @return {@code dcqcnSchemes}, then for HPCC and for Swift: the CC alone and the CC under each of rhcc and
     * rhcc-gated that {@code dcqcnSchemes} holds ({@code hpcc, rhcc+hpcc, rhcc-gated+hpcc, swift, ...}).
     */
    public static List<String> withOtherCcs(final List<String> dcqcnSchemes)
    {
        final List<String> schemes = new ArrayList<>(dcqcnSchemes);
        for (final InterHostCc cc : SchemeRegistry.OTHER_CCS)
        {
            schemes.add(cc.label());
            for (final Scheme intraHost : SchemeRegistry.UNDER_OTHER_CCS)
            {
                if (dcqcnSchemes.contains(intraHost.label()))
                {
                    schemes.add(SchemeRegistry.combined(intraHost, cc));
                }
            }
        }
        return List.copyOf(schemes);
    }
}
