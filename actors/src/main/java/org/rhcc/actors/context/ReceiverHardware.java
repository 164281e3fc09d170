package org.rhcc.actors.context;

import org.rhcc.core.port.IioOccupancySensor;
import org.rhcc.core.port.MbaActuator;

/**
 * The hardware of a receiver host a receiver node controls (docs/design.md §7): the IIO occupancy sensor its MSR
 * poller reads and the MBA actuator its cascade writes. Whoever starts the node opens it and hands it to
 * {@link org.rhcc.actors.node.RhccNode#start(com.typesafe.config.Config, ReceiverHardware)} (the {@code rhcc node}
 * command opens this host's when {@code rhcc.receiver.hardware = host}); the node then owns it and closes it after
 * its actor system has stopped. A node given none runs against the simulated platform over its Aeron streams.
 */
public interface ReceiverHardware extends AutoCloseable
{
    /**
     * @return the host's IIO occupancy sensor; every (re)start of the IIO sample source's agent reads the same one.
     */
    IioOccupancySensor sensor();

    /**
     * @return the host's MBA actuator; each session resets it to 100 % when it starts and when it stops.
     */
    MbaActuator actuator();

    /**
     * Releases the hardware (MBA back to 100 %, counters freed).
     */
    @Override
    void close();
}
