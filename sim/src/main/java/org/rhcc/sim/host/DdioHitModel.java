package org.rhcc.sim.host;

/**
 * DDIO hit probability under random replacement within the DDIO ways (docs/model.md §4.5, after [DD] Farshin et al.
 * ATC'20, Yuan et al. ISCA'21 and Wang et al. SIGMETRICS'22):
 * <pre>
 *   A      = T_io (1 - p_hit) + phi_core A_core     allocations into the DDIO ways, lines/ns
 *   tau    = W_io / T_io                            reuse distance of a NIC buffer line, ns
 *   p_hit  = exp(-A tau / N_ddio)
 * </pre>
 * solved as a fixed point. A line the NIC rewrites survives if no more than about N_ddio allocations happened since
 * its last write; core fills that land in the DDIO ways ({@code phi_core}) and a large I/O working set both evict it.
 */
public final class DdioHitModel
{
    private DdioHitModel()
    {
    }

    /**
     * @param ioLinesPerNs       T_io, NIC write rate into the LLC, lines/ns.
     * @param coreFillLinesPerNs A_core, LLC fills of the NIC socket's cores, lines/ns.
     * @param coreShare          phi_core, share of core fills landing in the DDIO ways.
     * @param workingSetLines    W_io, lines the NIC writes cyclically.
     * @param ddioLines          N_ddio, lines of the DDIO ways.
     * @param previous           the previous solution, the starting point.
     * @return p_hit in [0, 1]; {@code previous} when there was no NIC traffic.
     */
    public static double hitProbability(
        final double ioLinesPerNs,
        final double coreFillLinesPerNs,
        final double coreShare,
        final double workingSetLines,
        final double ddioLines,
        final double previous)
    {
        if (!(ioLinesPerNs > 1e-9))
        {
            return previous;
        }
        final double tau = workingSetLines / ioLinesPerNs;
        final double coreTerm = coreShare * coreFillLinesPerNs * tau / ddioLines;
        final double ioTerm = workingSetLines / ddioLines;
        // p = exp(-(ioTerm (1 - p) + coreTerm)); g(p) = p - exp(...) is increasing, so bisection is safe.
        double lo = 0.0;
        double hi = 1.0;
        for (int i = 0; i < 50; i++)
        {
            final double mid = 0.5 * (lo + hi);
            final double g = mid - Math.exp(-(ioTerm * (1.0 - mid) + coreTerm));
            if (g > 0.0)
            {
                hi = mid;
            }
            else
            {
                lo = mid;
            }
        }
        return 0.5 * (lo + hi);
    }

    /**
     * Probability that a line written into the DDIO ways is still there after {@code allocations} further lines were
     * allocated into them, under random replacement: {@code exp(-allocations / N_ddio)}.
     *
     * @param allocations lines allocated into the DDIO ways between two writes of the line.
     * @param ddioLines   N_ddio, lines of the DDIO ways.
     * @return the hit probability in [0, 1].
     */
    public static double survivalAfter(final double allocations, final double ddioLines)
    {
        return Math.exp(-Math.max(0.0, allocations) / ddioLines);
    }
}
