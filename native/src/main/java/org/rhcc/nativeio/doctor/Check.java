package org.rhcc.nativeio.doctor;

/**
 * One line of the doctor's report.
 *
 * @param area   group of the check, e.g. {@code cpu}, {@code msr}, {@code resctrl}, {@code counters}.
 * @param name   what was checked.
 * @param status the verdict.
 * @param detail what was found.
 * @param fix    what to do about a gap; empty when there is nothing to do.
 */
public record Check(String area, String name, Status status, String detail, String fix)
{
    /**
     * Verdict of a check.
     */
    public enum Status
    {
        /** Present and usable. */
        OK,
        /** Absent: the feature cannot be used until the fix is applied. */
        MISSING,
        /** Usable with a caveat, or could not be determined. */
        WARN
    }

    /**
     * @param area   group.
     * @param name   what was checked.
     * @param detail what was found.
     * @return an OK line.
     */
    public static Check ok(final String area, final String name, final String detail)
    {
        return new Check(area, name, Status.OK, detail, "");
    }

    /**
     * @param area   group.
     * @param name   what was checked.
     * @param detail what was found.
     * @param fix    what to do.
     * @return a MISSING line.
     */
    public static Check missing(final String area, final String name, final String detail, final String fix)
    {
        return new Check(area, name, Status.MISSING, detail, fix);
    }

    /**
     * @param area   group.
     * @param name   what was checked.
     * @param detail what was found.
     * @param fix    what to do.
     * @return a WARN line.
     */
    public static Check warn(final String area, final String name, final String detail, final String fix)
    {
        return new Check(area, name, Status.WARN, detail, fix);
    }
}
