package org.rhcc.transport.codec;

/**
 * Why an MBA level changed, carried as an int code in {@link MbaLevelCommandFlyweight#reason()}. The cascade itself
 * is described in docs/design.md §4.
 */
public enum MbaReason
{
    /**
     * No reason given, e.g. an operator's manual setting.
     */
    UNSPECIFIED(0),

    /**
     * Congestion detected: the cross-NUMA group goes straight to its congestion level.
     */
    CONGESTION_ONSET(1),

    /**
     * Congestion persists: the local group steps one level down after the step-down interval.
     */
    STEP_DOWN(2),

    /**
     * Congestion cleared: a group steps one level up after the step-up interval.
     */
    STEP_UP(3),

    /**
     * Fail-safe reset to level 1 (unthrottled) on startup, shutdown or controller loss.
     */
    FAILSAFE_RESET(4);

    private static final MbaReason[] BY_CODE = new MbaReason[5];

    static
    {
        for (final MbaReason reason : values())
        {
            BY_CODE[reason.code] = reason;
        }
    }

    private final int code;

    MbaReason(final int code)
    {
        this.code = code;
    }

    /**
     * @return the wire code of the reason.
     */
    public int code()
    {
        return code;
    }

    /**
     * Looks up a reason by its wire code without allocating.
     *
     * @param code read from a frame.
     * @return the reason, or {@link #UNSPECIFIED} for a code this build does not know (a newer publisher).
     */
    public static MbaReason fromCode(final int code)
    {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : UNSPECIFIED;
    }
}
