package org.rhcc.core.control;

import java.util.Arrays;

import org.rhcc.core.port.EcnMarkingPort;
import org.rhcc.core.port.MbaActuator;
import org.rhcc.core.port.ReceiverStatePort;
import org.rhcc.core.receiver.HostCcFiveLevelPolicy;
import org.rhcc.core.receiver.HostCcLocalPolicy;
import org.rhcc.core.receiver.MbaLevelSink;
import org.rhcc.core.receiver.MbaPolicy;
import org.rhcc.core.receiver.RhccCascadePolicy;
import org.rhcc.core.signal.IioSample;
import org.rhcc.core.signal.MbaLevelCommand;
import org.rhcc.core.signal.MbaLevelCommandRecord;

/**
 * The receiver side of a {@link Scheme}, bound to its platform's ports: the one {@link MbaPolicy} its
 * {@link ReceiverRule} names. For rhcc and cpu-only, RHCC's receiver loop (paper §III-B, {@link RhccCascadePolicy}):
 * Eq. (1) EWMA and {@code I_cur > I_thr} driving the cross-NUMA-first cascade; the PCIe bandwidth sample is not used.
 * For hostcc, hostCC's local response as published ({@link HostCcLocalPolicy}); for hostcc-5level, over RHCC's level
 * table ({@link HostCcFiveLevelPolicy}); each plus CE marking while the rule's verdict is congested (the only way
 * hostCC's signal reaches RDMA senders). Schemes without a receiver loop do nothing. Every level change is applied through the {@link MbaActuator} port, then
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
    private final boolean receiverLoop;
    private final boolean marksCe;
    private final MbaPolicy policy;
    private final MbaActuator mba;
    private final EcnMarkingPort ecnMarking;
    private final ReceiverStatePort state;
    /** Whether the scheme's sender loop reads the receiver's state, so that the verdict is reported. */
    private final boolean reportsState;
    private final MbaLevelSink observer;
    private final MbaLevelSink applier = this::applyLevel;
    /** The level last applied to each group, for the reason a change implies; every group starts unthrottled. */
    private final int[] appliedLevels;
    private final MbaLevelCommandRecord command = new MbaLevelCommandRecord();
    private boolean marking;
    private boolean reportedCongested;
    private boolean failSafe;
    private String failure;

    /**
     * A controller whose verdict nobody reads but itself ({@link ReceiverStatePort#NONE}).
     *
     * @param config     scheme and parameters.
     * @param mba        the receiver host's MBA actuator.
     * @param ecnMarking the receiver NIC's CE marking (used by the hostCC rules only).
     * @param observer   told about every applied level change (a journal; {@code (g, l, t) -> { }} for none).
     */
    public ReceiverController(
        final ControllerConfig config, final MbaActuator mba, final EcnMarkingPort ecnMarking,
        final MbaLevelSink observer)
    {
        this(config, mba, ecnMarking, ReceiverStatePort.NONE, observer);
    }

    /**
     * @param config     scheme and parameters.
     * @param mba        the receiver host's MBA actuator.
     * @param ecnMarking the receiver NIC's CE marking (used by the hostCC rules only).
     * @param state      told of every change of the verdict when the scheme's sender loop reads it (rhcc-gated).
     * @param observer   told about every applied level change (a journal; {@code (g, l, t) -> { }} for none).
     */
    public ReceiverController(
        final ControllerConfig config, final MbaActuator mba, final EcnMarkingPort ecnMarking,
        final ReceiverStatePort state, final MbaLevelSink observer)
    {
        final ReceiverRule rule = config.scheme().receiverRule();
        this.mba = mba;
        this.ecnMarking = ecnMarking;
        this.state = state;
        this.observer = observer;
        this.receiverLoop = ReceiverRule.NONE != rule;
        this.marksCe = rule.marksCe();
        this.reportsState = config.scheme().receiverReportsState();
        final int cascadeGroups = config.cascade().groups().size();
        if (receiverLoop && config.cascade().protectedFloorLevel() > 0 && cascadeGroups > mba.groupCount())
        {
            throw new IllegalArgumentException("protected_floor_level = " + config.cascade().protectedFloorLevel() +
                " adds MBA group " + (cascadeGroups - 1) + " (the protected CPU class) but the host's MBA actuator " +
                "has " + mba.groupCount() + " groups: give the host a protected group (a third COS group), or drop " +
                "protected_floor_level");
        }
        this.policy = rule.policy(config);
        this.appliedLevels = new int[Math.max(mba.groupCount(), cascadeGroups)];
        Arrays.fill(appliedLevels, 1);
    }

    /**
     * @return true when the scheme needs IIO occupancy samples.
     */
    public boolean wantsIioSamples()
    {
        return receiverLoop;
    }

    /**
     * Feeds one IIO occupancy sample: the one place the receiver loop reads the fields of an {@link IioSample}.
     *
     * @param sample the sample.
     * @return level changes applied (0 without a receiver loop and in the fail-safe).
     */
    public int onIioSample(final IioSample sample)
    {
        if (!receiverLoop)
        {
            return 0;
        }
        final long nowNs = sample.nowNs();
        final int changes = failSafe ? 0 : policy.onSample(sample.occupancy(), sample.pcieGbps(), nowNs, applier);
        if (marksCe)
        {
            final boolean mark = !failSafe && policy.congested();
            if (mark != marking)
            {
                marking = mark;
                ecnMarking.setMarking(mark, nowNs);
            }
        }
        if (reportsState && policy.congested() != reportedCongested)
        {
            reportedCongested = !reportedCongested;
            state.setCongested(reportedCongested, nowNs);
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
            mba.apply(command.set(group, level, MbaLevelCommand.reasonOf(appliedLevels[group], level), nowNs));
            appliedLevels[group] = level;
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
        policy.resetToUnthrottled();
        mba.resetToUnthrottled();
        Arrays.fill(appliedLevels, 1);
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
        return policy.level(group);
    }

    /**
     * @return the smoothed occupancy the rule acts on, entries (0 when the scheme has no receiver loop).
     */
    public double smoothedOccupancy()
    {
        return policy.smoothedOccupancy();
    }

    /**
     * @return the threshold the smoothed occupancy is compared with, entries: I_thr for RHCC's rule, hostCC's I_T for
     * the hostCC schemes, 0 when the scheme has no receiver loop.
     */
    public double threshold()
    {
        return policy.threshold();
    }

    /**
     * @return the rule's verdict: Eq. (1)'s {@code I_cur > I_thr} for RHCC's rule, hostCC's occupancy test for the
     * hostCC schemes; false without a receiver loop.
     */
    public boolean congested()
    {
        return policy.congested();
    }

    /**
     * @return true when the receiver NIC is CE-marking (the hostCC rules only).
     */
    public boolean marking()
    {
        return marking;
    }
}
