package org.rhcc.core.control;

import org.rhcc.core.receiver.HostCcFiveLevelPolicy;
import org.rhcc.core.receiver.HostCcLocalPolicy;
import org.rhcc.core.receiver.IioCongestionDetector;
import org.rhcc.core.receiver.MbaCascade;
import org.rhcc.core.receiver.MbaPolicy;
import org.rhcc.core.receiver.RhccCascadePolicy;

/**
 * The receiver side of a {@link Scheme}: which {@link MbaPolicy} turns IIO samples into MBA levels, and whether the
 * receiver NIC CE-marks while the rule sees congestion (hostCC's only way to reach RDMA senders).
 */
public enum ReceiverRule
{
    /** No receiver loop: the host is never throttled. */
    NONE(false)
    {
        @Override
        public MbaPolicy policy(final ControllerConfig config)
        {
            return MbaPolicy.NONE;
        }
    },
    /** RHCC's receiver loop (paper §III-B): Eq. (1) and {@code I_cur > I_thr} driving the cross-NUMA-first cascade. */
    RHCC_CASCADE(false)
    {
        @Override
        public MbaPolicy policy(final ControllerConfig config)
        {
            return new RhccCascadePolicy(new IioCongestionDetector(config.gIio(), config.iThr()),
                new MbaCascade(config.cascade()));
        }
    },
    /** hostCC as published: its signals' gates, I_T, MBA 90 per remote socket, then the process paused. */
    HOSTCC(true)
    {
        @Override
        public MbaPolicy policy(final ControllerConfig config)
        {
            return new HostCcLocalPolicy(config.hostCcIT(), config.hostCcBTGbps(), config.hostCcRelaxNs(),
                config.cascade().groups().size(), config.cascade().protectedFloorLevel());
        }
    },
    /** hostCC's decision rule over RHCC's five-level table for every group. */
    HOSTCC_FIVE_LEVEL(true)
    {
        @Override
        public MbaPolicy policy(final ControllerConfig config)
        {
            return new HostCcFiveLevelPolicy(config.hostCcIT(), config.hostCcBTGbps(), config.hostCcRelaxNs(),
                config.cascade().levels(), config.cascade().groups().size(), config.cascade().protectedFloorLevel());
        }
    };

    private final boolean marksCe;

    ReceiverRule(final boolean marksCe)
    {
        this.marksCe = marksCe;
    }

    /**
     * @param config the session's parameters.
     * @return a new instance of the rule for one receiver host: the controller's, or a copy fed the same samples that
     * holds the same verdict (the lockstep's view of the receiver, {@code cluster-sim/.../AeronLockstepHook}).
     */
    public abstract MbaPolicy policy(ControllerConfig config);

    /**
     * @return true if the receiver NIC CE-marks while the rule's verdict is congested (the hostCC rules).
     */
    public boolean marksCe()
    {
        return marksCe;
    }
}
