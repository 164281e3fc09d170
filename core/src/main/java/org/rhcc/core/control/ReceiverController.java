package org.rhcc.core.control;

import org.rhcc.core.port.EcnMarkingPort;
import org.rhcc.core.port.MbaActuator;
import org.rhcc.core.receiver.HostCcFiveLevelPolicy;
import org.rhcc.core.receiver.HostCcLocalPolicy;
import org.rhcc.core.receiver.IioCongestionDetector;
import org.rhcc.core.receiver.MbaCascade;
import org.rhcc.core.receiver.MbaLevelSink;
import org.rhcc.core.receiver.MbaPolicy;

/**
 * The receiver side of a {@link Scheme}, bound to its platform's ports. For rhcc and cpu-only, RHCC's receiver loop
 * (paper §III-B): Eq. (1) EWMA and {@code I_cur > I_thr} ({@link IioCongestionDetector}) driving the cross-NUMA-first
 * {@link MbaCascade}; the PCIe bandwidth sample is not used. For hostcc, hostCC's local response as published
 * ({@link HostCcLocalPolicy}); for hostcc-5level, over RHCC's level table ({@link HostCcFiveLevelPolicy}); each plus CE
 * marking while hostCC's smoothed occupancy exceeds I_T (the only way hostCC's signal reaches RDMA senders). Schemes
 * without a receiver loop do nothing. Every level change is applied through the {@link MbaActuator} port, then
 * reported to an observer (a journal, telemetry). The simulator's in-process runs and the distributed controller both
 * use this class, so both take the same decisions for the same samples.
 * <p>
 * Fail-safe (docs/design.md §7): when the actuator refuses a change, the controller resets the actuator and the rule
 * to level 1 (100 %, unthrottled), stops deciding and marking, and keeps the reason for whoever supervises it.
 * <p>
 * <b>Note:</b> not thread-safe; allocation-free per sample while healthy.
 */
public final class ReceiverController
{
    private final ControllerConfig config;
    private final boolean receiverLoop;
    private final boolean hostCcMarking;
    private final IioCongestionDetector detector;
    private final MbaCascade cascade;
    private final MbaPolicy hostCcPolicy;
    private final HostCcLocalPolicy hostCcLocal;
    private final MbaActuator mba;
    private final EcnMarkingPort ecnMarking;
    private final MbaLevelSink observer;
    private final MbaLevelSink applier = this::applyLevel;
    private boolean marking;
    private boolean failSafe;
    private String failure;

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
        final Scheme scheme = config.scheme();
        this.config = config;
        this.mba = mba;
        this.ecnMarking = ecnMarking;
        this.observer = observer;
        this.receiverLoop = scheme.receiverLoop();
        final int cascadeGroups = config.cascade().groups().size();
        if (receiverLoop && config.cascade().protectedFloorLevel() > 0 && cascadeGroups > mba.groupCount())
        {
            throw new IllegalArgumentException("protected_floor_level = " + config.cascade().protectedFloorLevel() +
                " adds MBA group " + (cascadeGroups - 1) + " (the protected CPU class) but the host's MBA actuator " +
                "has " + mba.groupCount() + " groups: give the host a protected group (a third COS group), or drop " +
                "protected_floor_level");
        }
        this.hostCcMarking = scheme.hostCc();
        final boolean rhccRule = receiverLoop && !scheme.hostCc();
        this.detector = rhccRule ? new IioCongestionDetector(config.gIio(), config.iThr()) : null;
        this.cascade = rhccRule ? new MbaCascade(config.cascade()) : null;
        this.hostCcLocal = receiverLoop && scheme.hostCcLevels() ? new HostCcLocalPolicy(config.hostCcIT(),
            config.hostCcBTGbps(), config.hostCcRelaxNs(), cascadeGroups, config.cascade().protectedFloorLevel()) :
            null;
        if (null != hostCcLocal)
        {
            this.hostCcPolicy = hostCcLocal;
        }
        else if (receiverLoop && scheme.hostCc())
        {
            this.hostCcPolicy = new HostCcFiveLevelPolicy(config.hostCcIT(), config.hostCcBTGbps(),
                config.hostCcRelaxNs(), config.cascade().levels(), cascadeGroups,
                config.cascade().protectedFloorLevel());
        }
        else
        {
            this.hostCcPolicy = null;
        }
    }

    /**
     * @return true when the scheme needs IIO occupancy samples.
     */
    public boolean wantsIioSamples()
    {
        return receiverLoop;
    }

    /**
     * Feeds one IIO occupancy sample.
     *
     * @param occupancy IIO occupancy sample, entries.
     * @param pcieGbps  inbound PCIe bandwidth since the previous sample, Gbit/s.
     * @param nowNs     time, ns.
     * @return level changes applied (0 without a receiver loop and in the fail-safe).
     */
    public int onIioSample(final double occupancy, final double pcieGbps, final long nowNs)
    {
        if (!receiverLoop)
        {
            return 0;
        }
        int changes = 0;
        if (!failSafe)
        {
            changes = null != cascade ? cascade.onDecision(detector.onSample(occupancy), nowNs, applier) :
                hostCcPolicy.onSample(occupancy, pcieGbps, nowNs, applier);
        }
        if (hostCcMarking)
        {
            final boolean above = null != hostCcLocal ? hostCcLocal.occupancyAboveThreshold() :
                hostCcPolicy.smoothedOccupancy() > config.hostCcIT();
            final boolean mark = !failSafe && above;
            if (mark != marking)
            {
                marking = mark;
                ecnMarking.setMarking(mark, nowNs);
            }
        }
        return changes;
    }

    private void applyLevel(final int group, final int level, final long nowNs)
    {
        if (failSafe)
        {
            return;
        }
        try
        {
            mba.applyLevel(group, level, nowNs);
            observer.onLevelChange(group, level, nowNs);
        }
        catch (final IllegalStateException ex)
        {
            enterFailSafe("MBA actuator refused level " + level + " for group " + group + ": " + ex.getMessage());
        }
    }

    /**
     * Moves the host to the fail-safe: every group unthrottled, no further decisions. Without a receiver loop only the
     * actuator is reset.
     *
     * @param reason why, for the operator.
     */
    public void enterFailSafe(final String reason)
    {
        failSafe = true;
        failure = reason;
        if (null != cascade)
        {
            cascade.resetToUnthrottled();
        }
        else if (null != hostCcPolicy)
        {
            hostCcPolicy.resetToUnthrottled();
        }
        mba.resetToUnthrottled();
    }

    /**
     * @return true once the controller is in the fail-safe.
     */
    public boolean failSafe()
    {
        return failSafe;
    }

    /**
     * @return why the controller entered the fail-safe, or null.
     */
    public String failure()
    {
        return failure;
    }

    /**
     * @param group COS group.
     * @return the group's current MBA level (1 when the scheme has no receiver loop).
     */
    public int level(final int group)
    {
        if (null != cascade)
        {
            return cascade.level(group);
        }
        return null == hostCcPolicy ? 1 : hostCcPolicy.level(group);
    }

    /**
     * @return the smoothed occupancy the rule acts on, entries (0 when the scheme has no receiver loop).
     */
    public double smoothedOccupancy()
    {
        if (null != detector)
        {
            return detector.iCur();
        }
        return null == hostCcPolicy ? 0.0 : hostCcPolicy.smoothedOccupancy();
    }

    /**
     * @return the threshold the smoothed occupancy is compared with, entries: I_thr for RHCC's rule, hostCC's I_T for
     * the hostCC schemes, 0 when the scheme has no receiver loop.
     */
    public double threshold()
    {
        if (null != detector)
        {
            return detector.iThr();
        }
        return null == hostCcPolicy ? 0.0 : config.hostCcIT();
    }

    /**
     * @return true when the smoothed occupancy is above the {@link #threshold()} (Eq. (1)'s {@code I_cur > I_thr} for
     * RHCC's rule, hostCC's occupancy test for the hostCC schemes); false without a receiver loop.
     */
    public boolean congested()
    {
        if (null != detector)
        {
            return detector.congested();
        }
        if (null != hostCcLocal)
        {
            return hostCcLocal.occupancyAboveThreshold();
        }
        return null != hostCcPolicy && hostCcPolicy.smoothedOccupancy() > config.hostCcIT();
    }

    /**
     * @return true when the receiver NIC is CE-marking (hostcc only).
     */
    public boolean marking()
    {
        return marking;
    }
}
