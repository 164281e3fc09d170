package org.rhcc.transport.aeron;

/**
 * Default Aeron stream ids of rhcc's data path, one stream per arrow of docs/design.md §2.
 * <p>
 * Lockstep (docs/design.md §6): Aeron orders messages within a stream only, so the simulator publishes its
 * {@code ClockAdvance} on each signal stream after the signals it covers, and controllers answer with
 * {@code ClockDone} on {@link #CLOCK_DONE}.
 */
public final class StreamIds
{
    /**
     * IIO occupancy samples, IIO sample source (or simulator) to MBA actuator. Recorded.
     */
    public static final int IIO_SAMPLES = 1001;

    /**
     * MBA level commands, MBA cascade to MBA actuator.
     */
    public static final int MBA_COMMANDS = 1002;

    /**
     * Probe ACKs, NIC (or simulator) to sender entities. Recorded.
     */
    public static final int PROBE_ACKS = 1003;

    /**
     * Rate updates, sender entities to rate limiter.
     */
    public static final int RATE_UPDATES = 1004;

    /**
     * Queue-pair lifecycle and ECN marking, simulator (or NIC agent) to controllers.
     */
    public static final int QP_EVENTS = 1005;

    /**
     * Lockstep answers, controllers to simulator.
     */
    public static final int CLOCK_DONE = 1006;

    /**
     * Replays of recorded streams; a replay's session id tells concurrent replays apart.
     */
    public static final int REPLAY = 1100;

    private StreamIds()
    {
    }
}
