package org.rhcc.sim;

/**
 * The simulated time of a run as its parts see it: the current step and its start, advanced by
 * {@link SimulationEngine} at the start of every step (docs/model.md §5). Actuators read it to date the commands a
 * controller gives between two steps.
 * <p>
 * <b>Note:</b> single-threaded; never reads a wall clock.
 */
final class StepClock
{
    private long step;
    private double nowNs;

    /**
     * Moves to a step.
     *
     * @param step  the step now running, from 0.
     * @param nowNs its start, ns.
     */
    void advance(final long step, final double nowNs)
    {
        this.step = step;
        this.nowNs = nowNs;
    }

    /**
     * @return the step now running, from 0.
     */
    long step()
    {
        return step;
    }

    /**
     * @return the start of the step now running, ns.
     */
    double nowNs()
    {
        return nowNs;
    }
}
