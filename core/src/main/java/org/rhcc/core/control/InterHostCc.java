package org.rhcc.core.control;

import java.util.Locale;

/**
 * The inter-host congestion control that provides R_cc in RHCC's Eq. (4), {@code R_send = min(R_rev, R_cc)}; chosen
 * independently of the intra-host {@link Scheme} (README, "The algorithm as implemented").
 */
public enum InterHostCc
{
    /** DCQCN (ECN, CNPs; {@code org.rhcc.core.dcqcn}): the paper's and every existing scheme's. */
    DCQCN,
    /** HPCC (INT per hop, window and pacing at W / T; {@code org.rhcc.core.hpcc}). */
    HPCC,
    /** Swift (fabric and endpoint delay, two windows; {@code org.rhcc.core.swift}). */
    SWIFT;

    /**
     * @return the lower-case name used in scheme names: {@code dcqcn}, {@code hpcc}, {@code swift}.
     */
    public String label()
    {
        return name().toLowerCase(Locale.ROOT);
    }
}
