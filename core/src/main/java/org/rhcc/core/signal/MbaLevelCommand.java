package org.rhcc.core.signal;

/**
 * A decision of RHCC's receiver loop (paper §III-B): one COS group of a receiver host moved to an MBA level, as the
 * {@link org.rhcc.core.port.MbaActuator} port is handed it. On the command stream the host and the per-host sequence
 * number travel beside it, as a sample's do.
 * <p>
 * A read-only view in the flyweight style of Agrona and SBE, like the signals of this package: an implementation may
 * be backed by a frame that is reused for the next command, so a reader never holds it past the call that handed it
 * over.
 */
public interface MbaLevelCommand
{
    /** Reason code: not given. The codes are the wire's {@code MbaReason} values. */
    int REASON_UNSPECIFIED = 0;
    /** Reason code: congestion began, more than one level more throttling at once. */
    int REASON_CONGESTION_ONSET = 1;
    /** Reason code: one level more throttling while congested. */
    int REASON_STEP_DOWN = 2;
    /** Reason code: one level less throttling after congestion. */
    int REASON_STEP_UP = 3;
    /** Reason code: every group back to level 1 by the fail-safe. */
    int REASON_FAILSAFE_RESET = 4;

    /**
     * The reason a move from one level to another implies: more than one level down at once is congestion's onset,
     * one level down a step down, any move up a step up (levels count up as throttling grows).
     *
     * @param previousLevel the group's level before the change.
     * @param level         the level it moves to.
     * @return a {@code REASON_*} code; {@link #REASON_UNSPECIFIED} when the level does not change.
     */
    static int reasonOf(final int previousLevel, final int level)
    {
        if (level > previousLevel)
        {
            return level - previousLevel > 1 ? REASON_CONGESTION_ONSET : REASON_STEP_DOWN;
        }
        return level < previousLevel ? REASON_STEP_UP : REASON_UNSPECIFIED;
    }

    /**
     * @return index of the COS group, in the order of {@link org.rhcc.core.receiver.MbaCascadeConfig}.
     */
    int group();

    /**
     * @return MBA level, 1 (100 %, unthrottled) .. the table's size, or one of hostCC's two levels
     * ({@link org.rhcc.core.receiver.MbaLevelTable}).
     */
    int level();

    /**
     * @return why the level changed: one of the {@code REASON_*} codes, which are the wire's {@code MbaReason} values
     * (transport/src/main/resources/rhcc/rhcc-messages.xml).
     */
    int reasonCode();

    /**
     * @return time of the decision, ns of the controller's clock.
     */
    long nowNs();
}
