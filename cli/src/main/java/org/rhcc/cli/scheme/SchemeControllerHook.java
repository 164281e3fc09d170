package org.rhcc.cli.scheme;

import java.util.Arrays;

import org.rhcc.core.control.ControllerConfig;
import org.rhcc.core.control.ReceiverController;
import org.rhcc.core.control.SenderController;
import org.rhcc.core.sender.ReceivableRateController;
import org.rhcc.core.sender.SenderParameters;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.api.SimPorts;

/**
 * Runs a scheme's controllers in process against the simulator: IIO samples go to core's {@link ReceiverController}
 * (MBA through {@link SimPorts#mba()}, CE marking through {@link SimPorts#setReceiverEcnMarking(boolean)}), probe ACKs
 * to core's {@link SenderController} (rates through {@link SimPorts#rateLimiter()}). The distributed controller runs
 * the very same core classes, so both take identical decisions.
 * <p>
 * Every telemetry window it also records the controller's own view — smoothed IIO occupancy {@code I_cur}, the mean
 * {@code D_cur} and {@code R_rev} over the QPs, and the MBA level of each group — for scope-trace charts.
 */
public final class SchemeControllerHook implements ControllerHook
{
    private final ControllerConfig config;
    private ReceiverController receiver;
    private SenderController sender;
    private final Trace trace = new Trace();

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

    /**
     * {@inheritDoc}
     */
    public void onWindow(final long nowNs)
    {
        final ReceivableRateController rates = sender.controller();
        double delaySum = 0.0;
        double rateSum = 0.0;
        int delays = 0;
        int qps = 0;
        if (null != rates)
        {
            qps = rates.table().capacityQps();
            for (int qp = 0; qp < qps; qp++)
            {
                final double d = rates.delayNs(qp);
                if (!Double.isNaN(d))
                {
                    delaySum += d;
                    delays++;
                }
                rateSum += rates.receivableRateGbps(qp);
            }
        }
        trace.add(nowNs, receiver.smoothedOccupancy(), delays == 0 ? Double.NaN : delaySum / delays,
            qps == 0 ? Double.NaN : rateSum / qps, receiver.level(0), receiver.level(1));
    }

    /**
     * @return the controller's per-window trace.
     */
    public Trace trace()
    {
        return trace;
    }

    /**
     * The controller's view, one entry per telemetry window; NaN where the scheme has no such loop.
     */
    public static final class Trace
    {
        private long[] endNs = new long[128];
        private double[] iCur = new double[128];
        private double[] dCurNs = new double[128];
        private double[] rRevGbps = new double[128];
        private int[] levelLocal = new int[128];
        private int[] levelCross = new int[128];
        private int size;

        void add(final long tNs, final double i, final double d, final double r, final int local, final int cross)
        {
            if (size == endNs.length)
            {
                final int n = size * 2;
                endNs = Arrays.copyOf(endNs, n);
                iCur = Arrays.copyOf(iCur, n);
                dCurNs = Arrays.copyOf(dCurNs, n);
                rRevGbps = Arrays.copyOf(rRevGbps, n);
                levelLocal = Arrays.copyOf(levelLocal, n);
                levelCross = Arrays.copyOf(levelCross, n);
            }
            endNs[size] = tNs;
            iCur[size] = i;
            dCurNs[size] = d;
            rRevGbps[size] = r;
            levelLocal[size] = local;
            levelCross[size] = cross;
            size++;
        }

        /**
         * @return number of windows recorded.
         */
        public int size()
        {
            return size;
        }

        /**
         * @param i window.
         * @return end of the window, simulated ns.
         */
        public long endNs(final int i)
        {
            return endNs[i];
        }

        /**
         * @param i window.
         * @return the receiver's smoothed occupancy I_cur at the window's end (0 without a receiver loop).
         */
        public double iCur(final int i)
        {
            return iCur[i];
        }

        /**
         * @param i window.
         * @return mean D_cur over the QPs with a sample, ns (NaN without a sender loop).
         */
        public double dCurNs(final int i)
        {
            return dCurNs[i];
        }

        /**
         * @param i window.
         * @return mean R_rev over the QPs, Gbit/s (NaN without a sender loop).
         */
        public double rRevGbps(final int i)
        {
            return rRevGbps[i];
        }

        /**
         * @param i     window.
         * @param group 0 = local-NUMA, 1 = cross-NUMA.
         * @return the group's MBA level at the window's end.
         */
        public int level(final int i, final int group)
        {
            return group == 0 ? levelLocal[i] : levelCross[i];
        }
    }
}
