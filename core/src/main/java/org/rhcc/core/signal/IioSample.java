package org.rhcc.core.signal;

/**
 * An IIO occupancy sample as RHCC's receiver loop reads it (paper §III-B, Eq. (1)): the mean occupancy of the IIO
 * write buffer since the previous read (what {@code delta(occupancy counter) / delta(IRP cycles)} gives), the NIC's
 * inbound PCIe bandwidth over the same interval (hostCC's second signal), and the time the read completed.
 * <p>
 * A read-only view in the flyweight style of Agrona and SBE, like {@link ProbeAck}: an implementation may be backed
 * by a frame or a sensor that the next sample reuses, so a reader copies what it keeps
 * ({@link IioSampleRecord#copyFrom}) and never holds the view past the call that handed it over. Where a sample
 * travels, its host and sequence number travel beside it as routing, not inside it.
 */
public interface IioSample
{
    /**
     * @return mean IIO write-buffer occupancy since the previous sample, 64-byte entries.
     */
    double occupancy();

    /**
     * @return the NIC's inbound PCIe bandwidth since the previous sample, Gbit/s (0 where the sensor has none).
     */
    double pcieGbps();

    /**
     * @return time the read completed, ns of the reader's clock.
     */
    long nowNs();
}
