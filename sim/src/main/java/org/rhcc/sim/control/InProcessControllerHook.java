package org.rhcc.sim.control;

import java.util.LinkedHashMap;
import java.util.Map;

import org.rhcc.core.control.ControllerConfig;
import org.rhcc.core.control.ReceiverController;
import org.rhcc.core.control.Scheme;
import org.rhcc.core.control.SenderController;
import org.rhcc.core.signal.IioSample;
import org.rhcc.core.signal.ProbeAck;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.SimPorts;

/**
 * The reference the cluster is held to: core's {@link ReceiverController} and {@link SenderController} called
 * directly by the simulator, in its thread, configured exactly as a cluster session is
 * ({@link ControllerConfig#of(Scheme, double, Map)}).
 * <p>
 * <b>Note:</b> single-threaded; allocation-free per callback.
 */
public final class InProcessControllerHook implements ControllerHook
{
    private final Scheme scheme;
    private final Map<String, String> params;
    private ReceiverController receiver;
    private SenderController sender;
    /** The receiver's verdict as it last reported it; without reports (its sender does not read it), congested. */
    private boolean receiverCongested = true;

    /**
     * @param scheme the scheme.
     * @param params parameter overrides, in order.
     */
    public InProcessControllerHook(final Scheme scheme, final Map<String, String> params)
    {
        this.scheme = scheme;
        this.params = new LinkedHashMap<>(params);
    }

    @Override
    public void attach(final SimPorts ports, final long nowNs)
    {
        final ControllerConfig config = ControllerConfig.of(scheme, ports.lineRateGbps(), params);
        receiverCongested = !scheme.receiverReportsState();
        receiver = new ReceiverController(config, ports.mba(), (on, t) -> ports.setReceiverEcnMarking(on),
            (congested, t) -> receiverCongested = congested, (group, level, t) ->
            {
            });
        sender = new SenderController(config, ports.qpCount(), ports.rateLimiter());
    }

    @Override
    public boolean wantsProbes()
    {
        return scheme.senderLoop();
    }

    @Override
    public boolean wantsIioSamples()
    {
        return scheme.receiverLoop();
    }

    @Override
    public void onIioSample(final IioSample sample)
    {
        receiver.onIioSample(sample);
    }

    @Override
    public void onProbeAck(final ProbeAck ack)
    {
        sender.onProbeAck(ack);
    }

    /**
     * {@inheritDoc} The verdict the receiver controller reported through its {@code ReceiverStatePort}, as the
     * cluster's lockstep hook has it from the receiver node's {@code ReceiverState}.
     */
    @Override
    public boolean receiverCongested()
    {
        return receiverCongested;
    }
}
