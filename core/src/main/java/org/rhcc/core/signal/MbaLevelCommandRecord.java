package org.rhcc.core.signal;

/**
 * An {@link MbaLevelCommand} held in fields: what the receiver loop fills to hand a level change to its MBA actuator
 * ({@link #set}) or what a reader copies a view into to keep it past the call that handed it over ({@link #copyFrom}).
 * <p>
 * <b>Note:</b> mutable and reused; not thread-safe.
 */
public final class MbaLevelCommandRecord implements MbaLevelCommand
{
    private int group;
    private int level;
    private int reasonCode;
    private long nowNs;

    /**
     * A command that gives no reason, as an operator's tool or a test sets a level.
     *
     * @param group index of the COS group.
     * @param level MBA level.
     * @param nowNs time of the decision, ns of the caller's clock.
     * @return a new record.
     */
    public static MbaLevelCommandRecord of(final int group, final int level, final long nowNs)
    {
        return new MbaLevelCommandRecord().set(group, level, REASON_UNSPECIFIED, nowNs);
    }

    /**
     * @param group      index of the COS group.
     * @param level      MBA level.
     * @param reasonCode why the level changed, one of {@link MbaLevelCommand}'s {@code REASON_*} codes.
     * @param nowNs      time of the decision, ns of the controller's clock.
     * @return this record.
     */
    public MbaLevelCommandRecord set(final int group, final int level, final int reasonCode, final long nowNs)
    {
        this.group = group;
        this.level = level;
        this.reasonCode = reasonCode;
        this.nowNs = nowNs;
        return this;
    }

    /**
     * @param command a view, read now.
     * @return this record, holding the view's values.
     */
    public MbaLevelCommandRecord copyFrom(final MbaLevelCommand command)
    {
        return set(command.group(), command.level(), command.reasonCode(), command.nowNs());
    }

    @Override
    public int group()
    {
        return group;
    }

    @Override
    public int level()
    {
        return level;
    }

    @Override
    public int reasonCode()
    {
        return reasonCode;
    }

    @Override
    public long nowNs()
    {
        return nowNs;
    }

    @Override
    public String toString()
    {
        return "MbaLevelCommand{group=" + group + ", level=" + level + ", reasonCode=" + reasonCode + ", nowNs=" +
            nowNs + '}';
    }
}
