package org.rhcc.core.control;

import org.rhcc.core.port.EcnMarkingPort;
import org.rhcc.core.port.MbaActuator;
import org.rhcc.core.receiver.HostCcFiveLevelPolicy;
import org.rhcc.core.receiver.HostCcLocalPolicy;
import org.rhcc.core.receiver.IioCongestionDetector;
import org.rhcc.core.receiver.MbaCascade;
import org.rhcc.core.receiver.MbaLevelSink;
import org.rhcc.core.receiver.MbaPolicy;
import org.rhcc.core.receiver.ReceiverLoop;
import org.rhcc.core.receiver.RhccMbaPolicy;

/**
 * The receiver side of a {@link Scheme}, bound to its platform's ports: RHCC's cascade (rhcc, cpu-only), hostCC's
 * local response as published (hostcc) or over RHCC's level table (hostcc-5level), each plus CE marking while hostCC's
 * smoothed occupancy exceeds I_T (the only way hostCC's signal reaches RDMA senders). Schemes without a receiver
 * loop do nothing. The simulator's in-process runs and the distributed controller both use this class, so both take
 * the same decisions for the same samples.
 * <p>
 * <b>Note:</b> not thread-safe; allocation-free per sample.
 */
public final class ReceiverController
{
    private final ControllerConfig config;
    private final ReceiverLoop loop;
    private final EcnMarkingPort ecnMarking;
    private final HostCcLocalPolicy hostCc;
    private boolean marking;

    /**
     * @param config     scheme and parameters.
     * @param mba        the receiver host's MBA actuator.
     * @param ecnMarking the receiver NIC's CE marking (used by hostcc only).
     * @param observer   told about every applied level change (a journal; {@code (g, l, t) -> { }} for none).
     */
    public ReceiverController(
        final ControllerConfig config, final MbaActuator mba, final EcnMarkingPort ecnMarking,
        final MbaLevelSink observer)
    {
        this.config = config;
        this.ecnMarking = ecnMarking;
        this.hostCc = config.scheme().hostCcLevels() ? new HostCcLocalPolicy(config.hostCcIT(),
            config.hostCcBTGbps(), config.hostCcRelaxNs(), config.cascade().groups().size()) : null;
        this.loop = config.scheme().receiverLoop() ?
            new ReceiverLoop(null != hostCc ? hostCc : policy(config), mba, observer) : null;
    }

    private static MbaPolicy policy(final ControllerConfig config)
    {
        if (config.scheme().hostCc())
        {
            return new HostCcFiveLevelPolicy(config.hostCcIT(), config.hostCcBTGbps(), config.hostCcRelaxNs(),
                config.cascade().levels(), config.cascade().groups().size());
        }
        return new RhccMbaPolicy(new IioCongestionDetector(config.gIio(), config.iThr()),
            new MbaCascade(config.cascade()));
    }

    /**
     * @return true when the scheme needs IIO occupancy samples.
     */
    public boolean wantsIioSamples()
    {
        return null != loop;
    }

    /**
     * Feeds one IIO occupancy sample.
     *
     * @param occupancy IIO occupancy sample, entries.
     * @param pcieGbps  inbound PCIe bandwidth since the previous sample, Gbit/s.
     * @param nowNs     time, ns.
     */
    public void onIioSample(final double occupancy, final double pcieGbps, final long nowNs)
    {
        if (null == loop)
        {
            return;
        }
        loop.onSample(occupancy, pcieGbps, nowNs);
        if (config.scheme().hostCc())
        {
            final boolean above = null != hostCc ? hostCc.occupancyAboveThreshold() :
                loop.policy().smoothedOccupancy() > config.hostCcIT();
            final boolean mark = !loop.failSafe() && above;
            if (mark != marking)
            {
                marking = mark;
                ecnMarking.setMarking(mark, nowNs);
            }
        }
    }

    /**
     * @param group COS group.
     * @return the group's current MBA level (1 when the scheme has no receiver loop).
     */
    public int level(final int group)
    {
        return null == loop ? 1 : loop.policy().level(group);
    }

    /**
     * @return the smoothed occupancy the policy acts on (0 when the scheme has no receiver loop).
     */
    public double smoothedOccupancy()
    {
        return null == loop ? 0.0 : loop.policy().smoothedOccupancy();
    }

    /**
     * @return true when the receiver NIC is CE-marking (hostcc only).
     */
    public boolean marking()
    {
        return marking;
    }

    /**
     * @return the receiver loop, or null when the scheme has none.
     */
    public ReceiverLoop loop()
    {
        return loop;
    }
}
