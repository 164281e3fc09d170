package org.rhcc.cli.scheme;

import org.rhcc.core.control.ControllerConfig;
import org.rhcc.core.control.ReceiverController;
import org.rhcc.core.control.SenderController;
import org.rhcc.core.sender.SenderParameters;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.SimPorts;

/**
 * Runs a scheme's controllers in process against the simulator: IIO samples go to core's {@link ReceiverController}
 * (MBA through {@link SimPorts#mba()}, CE marking through {@link SimPorts#setReceiverEcnMarking(boolean)}), probe ACKs
 * to core's {@link SenderController} (rates through {@link SimPorts#rateLimiter()}). The distributed controller runs
 * the very same core classes, so both take identical decisions.
 */
public final class SchemeControllerHook implements ControllerHook
{
    private final ControllerConfig config;
    private ReceiverController receiver;
    private SenderController sender;

    /**
     * @param config scheme and parameters; the sender line rate is taken from the simulator when attached.
     */
    public SchemeControllerHook(final ControllerConfig config)
    {
        this.config = config;
    }

    /**
     * {@inheritDoc}
     */
    public void attach(final SimPorts ports, final long nowNs)
    {
        final SenderParameters s = config.sender();
        final ControllerConfig bound = new ControllerConfig(config.scheme(), config.gIio(), config.iThr(),
            config.cascade(), new SenderParameters(s.gProbe(), s.alpha(), s.beta(), s.dThrNs(),
            Math.min(s.rMinGbps(), ports.lineRateGbps()), ports.lineRateGbps(), s.probeIntervalBytes()),
            config.hostCcIT(), config.hostCcBTGbps(), config.hostCcRelaxNs());
        receiver = new ReceiverController(bound, ports.mba(), (on, t) -> ports.setReceiverEcnMarking(on),
            (group, level, t) -> { });
        sender = new SenderController(bound, ports.qpCount(), ports.rateLimiter());
    }

    /**
     * {@inheritDoc}
     */
    public boolean wantsProbes()
    {
        return config.scheme().senderLoop();
    }

    /**
     * {@inheritDoc}
     */
    public boolean wantsIioSamples()
    {
        return config.scheme().receiverLoop();
    }

    /**
     * {@inheritDoc}
     */
    public void onIioSample(final double occupancy, final double pcieGbps, final long nowNs)
    {
        receiver.onIioSample(occupancy, pcieGbps, nowNs);
    }

    /**
     * {@inheritDoc}
     */
    public void onProbeAck(
        final int qp, final int reqRecvTsNs, final int respSendTsNs, final double rccGbps, final long nowNs)
    {
        sender.onProbeAck(qp, reqRecvTsNs, respSendTsNs, rccGbps, nowNs);
    }
}
