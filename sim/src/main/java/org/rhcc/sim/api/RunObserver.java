package org.rhcc.sim.api;

import org.rhcc.core.signal.IioSample;
import org.rhcc.core.signal.ProbeAck;

/**
 * What a run's onlookers see of it, beside the controller in the loop ({@link ControllerHook}): the signals the
 * simulator reads and delivers, the decisions the controller hands to the simulator's actuators, and the telemetry
 * windows. An observer never acts on the run; the harness's counts, sensor readings and the two halves of the
 * measured window are observers (docs/design.md §2.5), so that the controller is what runs in the loop, unwrapped.
 * <p>
 * The simulator calls an observer before the controller for each signal. IIO samples reach it whenever the sensor is
 * read (the controller or an observer asked for it), probe ACKs only when the controller takes them.
 * <p>
 * <b>Note:</b> every method but {@link #onAttach} is on the simulation's hot path: no allocation, no logging.
 */
public interface RunObserver
{
    /** Sees nothing. */
    RunObserver NONE = new RunObserver()
    {
    };

    /**
     * Called once before simulated time starts, before the controller is attached.
     *
     * @param ports the run's static facts (QPs, line rate, MBA groups); an observer does not command them.
     * @param nowNs simulated time, ns.
     */
    default void onAttach(final SimPorts ports, final long nowNs)
    {
    }

    /**
     * @return true to have the IIO sensor read back to back even when the controller does not ask for it.
     */
    default boolean wantsIioSamples()
    {
        return false;
    }

    /**
     * @param sample an IIO sample as the sensor's read completed, valid during the call.
     */
    default void onIioSample(final IioSample sample)
    {
    }

    /**
     * @param ack a probe ACK the controller is about to take, valid during the call.
     */
    default void onProbeAck(final ProbeAck ack)
    {
    }

    /**
     * The controller commanded an MBA level.
     *
     * @param group COS group.
     * @param level MBA level, 1..
     * @param nowNs time of the decision, ns.
     */
    default void onMbaLevel(final int group, final int level, final long nowNs)
    {
    }

    /**
     * The controller reset the MBA actuator to unthrottled (its fail-safe); the decision has no time of its own.
     */
    default void onMbaReset()
    {
    }

    /**
     * The controller set a QP's receivable rate.
     *
     * @param qp       queue-pair number.
     * @param rRevGbps R_rev, Gbit/s.
     * @param nowNs    time of the decision, ns.
     */
    default void onReceivableRate(final int qp, final double rRevGbps, final long nowNs)
    {
    }

    /**
     * A telemetry window closed.
     *
     * @param nowNs end of the window, ns.
     */
    default void onWindow(final long nowNs)
    {
    }

    /**
     * @param observers the run's observers, in the order they are to be called (nulls left out).
     * @return one observer that calls each in turn.
     */
    static RunObserver all(final RunObserver... observers)
    {
        return RunObservers.of(observers);
    }
}
