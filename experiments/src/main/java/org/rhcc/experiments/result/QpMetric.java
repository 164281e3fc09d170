package org.rhcc.experiments.result;

/**
 * The metrics a weighted run records once per QP ({@code qp_<n>_...}, in QP order), the families beside the single
 * {@link Metric}s: a run with {@code qp_weights} compares each QP's goodput share with its weight's share
 * (docs/design.md §4.1).
 */
public enum QpMetric
{
    /** The QP's weight; 0 for an unweighted QP. */
    WEIGHT("weight", "weight", true),
    /** The QP's goodput in the measured window. */
    GOODPUT_GBPS("goodput_gbps", "Gbit/s", false),
    /** The QP's part of the QPs' total goodput, 0..1. */
    SHARE("share", "fraction", false),
    /** {@code w_n / sum w}; NaN for an unweighted QP. */
    IDEAL_SHARE("ideal_share", "fraction", false);

    private final String suffix;
    private final String unit;
    private final boolean count;

    QpMetric(final String suffix, final String unit, final boolean count)
    {
        this.suffix = suffix;
        this.unit = unit;
        this.count = count;
    }

    /**
     * @param qp QP index from 0.
     * @return the metric's name for the QP, e.g. {@code qp_3_share}.
     */
    public String jsonName(final int qp)
    {
        return "qp_" + qp + "_" + suffix;
    }

    /**
     * @return the part after {@code qp_<n>_}, e.g. {@code ideal_share}.
     */
    public String suffix()
    {
        return suffix;
    }

    /**
     * @return the unit; {@code fraction} for a ratio in 0..1.
     */
    public String unit()
    {
        return unit;
    }

    /**
     * @return true for a count ({@link Long}), false for a value ({@link Double}).
     */
    public boolean isCount()
    {
        return count;
    }
}
