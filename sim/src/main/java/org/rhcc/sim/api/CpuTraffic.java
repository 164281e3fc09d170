package org.rhcc.sim.api;

/**
 * Where the receiver's memory-hungry cores run relative to the NIC's socket (docs/paper.md §4 B8, B9).
 */
public enum CpuTraffic
{
    /** All MLC cores on the NIC's (local) socket. */
    LOCAL,
    /** All MLC cores on the remote socket, reaching the NIC socket's memory over UPI. */
    CROSS,
    /** The same number of local and cross-NUMA cores. */
    HYBRID;

    /**
     * @return the lower-case name used in JSON, CSV and on the command line.
     */
    public String label()
    {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
