package org.rhcc.experiments;

import org.rhcc.core.port.IioOccupancySensor;

/**
 * An IIO sensor for recording ports in tests: always reads an empty buffer, at the simulator's default read cost of
 * 400 ns (docs/model.md §6).
 */
public final class IdleIioSensor implements IioOccupancySensor
{
    @Override
    public double sampleOccupancy(final long nowNs)
    {
        return 0.0;
    }

    @Override
    public long readLatencyNs()
    {
        return 400L;
    }
}
