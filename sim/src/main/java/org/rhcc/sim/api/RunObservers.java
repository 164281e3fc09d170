package org.rhcc.sim.api;

import java.util.Arrays;
import java.util.Objects;

import org.rhcc.core.signal.IioSample;
import org.rhcc.core.signal.ProbeAck;

/**
 * Several {@link RunObserver}s as one: each call goes to each in turn, over an array.
 * <p>
 * <b>Note:</b> allocation-free per call.
 */
final class RunObservers implements RunObserver
{
    private final RunObserver[] observers;
    private final boolean wantsIioSamples;

    private RunObservers(final RunObserver[] observers)
    {
        this.observers = observers;
        boolean wants = false;
        for (final RunObserver observer : observers)
        {
            wants |= observer.wantsIioSamples();
        }
        this.wantsIioSamples = wants;
    }

    static RunObserver of(final RunObserver... observers)
    {
        final RunObserver[] present = Arrays.stream(observers).filter(Objects::nonNull).toArray(RunObserver[]::new);
        return 0 == present.length ? NONE : 1 == present.length ? present[0] : new RunObservers(present);
    }

    @Override
    public void onAttach(final SimPorts ports, final long nowNs)
    {
        for (final RunObserver observer : observers)
        {
            observer.onAttach(ports, nowNs);
        }
    }

    @Override
    public boolean wantsIioSamples()
    {
        return wantsIioSamples;
    }

    @Override
    public void onIioSample(final IioSample sample)
    {
        for (final RunObserver observer : observers)
        {
            observer.onIioSample(sample);
        }
    }

    @Override
    public void onProbeAck(final ProbeAck ack)
    {
        for (final RunObserver observer : observers)
        {
            observer.onProbeAck(ack);
        }
    }

    @Override
    public void onMbaLevel(final int group, final int level, final long nowNs)
    {
        for (final RunObserver observer : observers)
        {
            observer.onMbaLevel(group, level, nowNs);
        }
    }

    @Override
    public void onMbaReset()
    {
        for (final RunObserver observer : observers)
        {
            observer.onMbaReset();
        }
    }

    @Override
    public void onReceivableRate(final int qp, final double rRevGbps, final long nowNs)
    {
        for (final RunObserver observer : observers)
        {
            observer.onReceivableRate(qp, rRevGbps, nowNs);
        }
    }

    @Override
    public void onWindow(final long nowNs)
    {
        for (final RunObserver observer : observers)
        {
            observer.onWindow(nowNs);
        }
    }
}
