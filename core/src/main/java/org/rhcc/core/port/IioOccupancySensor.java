package org.rhcc.core.port;

/**
 * Port: the receiver host's IIO write-buffer occupancy, the signal of RHCC's receiver loop (paper §III, Eq. (1) input).
 * <p>
 * Implemented by the simulator (the modelled IIO buffer) and by the Linux backend (the uncore IRP occupancy counter
 * {@code UNC_I_CACHE_TOTAL_OCCUPANCY.MEM} read through {@code /dev/cpu/N/msr}).
 * <p>
 * <b>Note:</b> called on the hot path, once per sample; implementations allocate nothing and never log.
 */
public interface IioOccupancySensor
{
    /**
     * Reads one occupancy sample.
     *
     * @param nowNs time at which the read is issued, in ns of the caller's clock.
     * @return the average number of occupied 64-byte IIO write-buffer entries over the interval since the previous
     * call (the first call returns the instantaneous value, or 0 where the counter needs two reads).
     */
    double sampleOccupancy(long nowNs);

    /**
     * @return the cost of one {@link #sampleOccupancy(long)} call in ns: configured for the simulator (default 400 ns,
     * docs/paper.md §4 B10), measured for real hardware.
     */
    long readLatencyNs();
}
