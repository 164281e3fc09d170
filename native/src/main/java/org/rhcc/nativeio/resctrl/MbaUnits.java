package org.rhcc.nativeio.resctrl;

/**
 * The unit of the values in resctrl's {@code MB} schemata line.
 */
public enum MbaUnits
{
    /** Intel: percent of peak bandwidth, 100 = unthrottled, rounded up to {@code bandwidth_gran}. */
    PERCENT(100),
    /** AMD: multiples of 1/8 GB/s, 2048 ({@code MAX_MBA_BW_AMD}, 0x800) = unlimited. */
    AMD_EIGHTH_GBPS(2048),
    /** The {@code mba_MBps} software controller: MiB/s, U32_MAX = unlimited; too slow for rhcc (1 s loop). */
    MIBPS(0xFFFF_FFFFL);

    private final long unthrottled;

    MbaUnits(final long unthrottled)
    {
        this.unthrottled = unthrottled;
    }

    /**
     * @return the value meaning "no throttling".
     */
    public long unthrottled()
    {
        return unthrottled;
    }

    /**
     * Infers the unit from the default group's values (the kernel initialises every CLOSID to the unthrottled
     * value) and {@code info/MB/min_bandwidth} (0 on AMD, at least 10 on Intel).
     *
     * @param rootValues      MB values of the root group.
     * @param minBandwidth    {@code info/MB/min_bandwidth}.
     */
    public static MbaUnits detect(final long[] rootValues, final long minBandwidth)
    {
        long max = 0;
        for (final long v : rootValues)
        {
            max = Math.max(max, v);
        }
        if (max > AMD_EIGHTH_GBPS.unthrottled)
        {
            return MIBPS;
        }
        if (max > PERCENT.unthrottled || minBandwidth == 0)
        {
            return AMD_EIGHTH_GBPS;
        }
        return PERCENT;
    }
}
