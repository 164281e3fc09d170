package org.rhcc.nativeio.doctor;

import org.rhcc.nativeio.cpu.CpuCapabilities;
import org.rhcc.nativeio.iio.IrpCounterLayout;
import org.rhcc.nativeio.msr.MsrAccessException;
import org.rhcc.nativeio.msr.MsrFile;
import org.rhcc.nativeio.msr.MsrSpace;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The doctor's {@code counters} line on the IRP control registers (docs/design.md §3, docs/platform.md §2): on a CPU
 * with an {@link IrpCounterLayout} and a readable msr device, which IRP counters of the CPU's socket are already
 * programmed, and with which event.
 */
final class IrpControlChecks
{
    private static final String AREA = "counters";

    private IrpControlChecks()
    {
    }

    /**
     * @param cpu      the CPU whose socket's counters are read.
     * @param caps     the CPU from CPUID, or null if the cpuid device could not be used.
     * @param msrSpace the msr device space if an MSR could be read through it, else null.
     */
    static List<Check> examine(final int cpu, final CpuCapabilities caps, final MsrSpace msrSpace)
    {
        return List.of(check(cpu, caps, msrSpace));
    }

    private static Check check(final int cpu, final CpuCapabilities caps, final MsrSpace msrSpace)
    {
        final String area = AREA;
        final IrpCounterLayout layout = null == caps ? null : IrpCounterLayout.forCpu(caps);
        if (null == layout)
        {
            return Check.warn(area, "IRP control MSRs", "not checked: no IRP counter table for this CPU",
                "nothing to do unless the CPU is one of SKX/CLX/ICX/SPR");
        }
        if (null == msrSpace)
        {
            return Check.warn(area, "IRP control MSRs", "not checked: the msr device is not readable",
                "fix the msr device (above), then rerun");
        }
        final List<String> busy = new ArrayList<>();
        try (MsrFile file = msrSpace.open(cpu, false))
        {
            for (int stack = 0; stack < layout.stackCount(); stack++)
            {
                for (int counter = 0; counter < 2; counter++)
                {
                    final long ctl = layout.irpCtl(stack, counter);
                    final long value = file.read(ctl);
                    if ((value & IrpCounterLayout.CTL_ENABLE) != 0)
                    {
                        busy.add(String.format(Locale.ROOT, "stack %d ctr %d ctl 0x%x=0x%x%s", stack, counter, ctl,
                            value, value == IrpCounterLayout.OCCUPANCY_CTL || value == IrpCounterLayout.CLOCKTICKS_CTL ?
                            " (rhcc's own event)" : ""));
                    }
                }
            }
        }
        catch (final MsrAccessException ex)
        {
            return Check.warn(area, "IRP control MSRs", ex.what(), ex.fix());
        }
        return busy.isEmpty() ? Check.ok(area, "IRP control MSRs", "all " + layout.stackCount() * 2 +
            " IRP counters free on CPU " + cpu + "'s socket") :
            Check.warn(area, "IRP control MSRs", "programmed: " + String.join("; ", busy),
                "a running rhcc, pcm or perf owns them; rhcc refuses counters programmed with another event");
    }
}
