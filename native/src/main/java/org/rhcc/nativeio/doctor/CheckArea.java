package org.rhcc.nativeio.doctor;

import java.util.ArrayList;
import java.util.List;

/**
 * What the doctor's check areas share (docs/design.md §3): where to look and the lines found so far, in order.
 */
abstract class CheckArea
{
    /** Where to look. */
    final Doctor.Context ctx;
    private final List<Check> checks = new ArrayList<>();

    /**
     * @param ctx where to look.
     */
    CheckArea(final Doctor.Context ctx)
    {
        this.ctx = ctx;
    }

    /**
     * @param check the next line of the area.
     */
    final void add(final Check check)
    {
        checks.add(check);
    }

    /**
     * @return the area's lines so far.
     */
    final List<Check> checks()
    {
        return checks;
    }
}
