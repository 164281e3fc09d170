package org.rhcc.nativeio.doctor;

import org.rhcc.nativeio.cpu.CpuCapabilities;
import org.rhcc.nativeio.cpu.CpuProbe;
import org.rhcc.nativeio.cpu.CpuidAccessException;
import org.rhcc.nativeio.iio.IrpCounterLayout;
import org.rhcc.nativeio.sys.SysFiles;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The doctor's {@code cpu} area (docs/design.md §3, docs/platform.md §2): the cpuid device, the CPU, RDT allocation
 * and MBA from CPUID, and whether rhcc has the CPU generation's IRP counter layout. Without a cpuid device it falls
 * back to {@code /proc/cpuinfo} and skips the CPUID-based checks.
 */
final class CpuChecks extends CheckArea
{
    private static final String AREA = "cpu";

    private CpuCapabilities caps;

    /**
     * @param ctx where to look.
     */
    CpuChecks(final Doctor.Context ctx)
    {
        super(ctx);
    }

    /**
     * @return the CPU read through CPUID by {@link #examine()}, or null if the cpuid device could not be used.
     */
    CpuCapabilities caps()
    {
        return caps;
    }

    /**
     * Runs the checks once.
     */
    List<Check> examine()
    {
        check();
        return checks();
    }

    private void check()
    {
        final String area = AREA;
        final Path device = ctx.cpuidRoot.resolve(Integer.toString(ctx.cpu)).resolve("cpuid");
        try
        {
            caps = CpuProbe.probe(ctx.cpuidRoot, ctx.cpu, ctx.opener);
            add(Check.ok(area, "cpuid device", device + " readable"));
            add(Check.ok(area, "CPU", caps.describe()));
        }
        catch (final CpuidAccessException ex)
        {
            cpuidMissing(ex.what(), ex.fix());
            return;
        }
        catch (final IllegalStateException ex)
        {
            cpuidMissing(ex.getMessage(), "modprobe cpuid");
            return;
        }
        if (caps.rdtAllocation())
        {
            add(Check.ok(area, "RDT allocation", "CPUID.(7,0):EBX[15] set"));
        }
        else
        {
            add(Check.missing(area, "RDT allocation", "CPUID.(7,0):EBX[15] clear: no Resource Director " +
                "Technology allocation on this CPU" + (caps.isAmd() ? "" : " (or hidden by the hypervisor)"),
                "use an Intel Xeon (Skylake-SP or later) or AMD EPYC with PQoS on bare metal; until then rhcc's " +
                "receiver loop runs only against the simulator"));
        }
        if (caps.intelMba())
        {
            add(new Check(area, "MBA", caps.mbaLinear() ? Check.Status.OK : Check.Status.WARN,
                "Intel MBA: throttle_max " + caps.mbaThrottleMax() + " (step " + (100 - caps.mbaThrottleMax()) +
                " %), " + (caps.mbaLinear() ? "linear" : "NON-LINEAR") + ", " + caps.mbaCosCount() + " COS",
                caps.mbaLinear() ? "" : "non-linear MBA is refused by resctrl and by rhcc's MSR actuator"));
        }
        else if (caps.amdMba())
        {
            add(Check.ok(area, "MBA", "AMD bandwidth enforcement: " + caps.mbaCosCount() + " COS, values in " +
                "1/8 GB/s (configure the peak GB/s that 100 % stands for)"));
        }
        else
        {
            add(Check.missing(area, "MBA", "CPUID reports no memory bandwidth allocation (" +
                (caps.isAmd() ? "CPUID.0x80000008:EBX[6] / 0x80000020:EBX[1] clear" :
                "CPUID.(0x10,0):EBX[3] clear") + ")",
                "MBA throttling (the receiver loop's actuator) is unavailable on this CPU; use the simulator"));
        }
        final IrpCounterLayout layout = IrpCounterLayout.forCpu(caps);
        if (null != layout)
        {
            add(Check.ok(area, "IIO counter table", layout + " (" + layout.stackCount() +
                " IRP boxes; occupancy event 0x0F umask 0x04)"));
        }
        else
        {
            add(Check.missing(area, "IIO counter table", "no IRP occupancy counter addresses for " +
                caps.vendor() + " family " + caps.family() + " model 0x" + Integer.toHexString(caps.model()),
                "supported: Intel family 6 models 0x55 (SKX/CLX), 0x6A/0x6C (ICX), 0x8F (SPR); on other CPUs the " +
                "IIO occupancy sensor runs only in the simulator"));
        }
    }

    private void cpuidMissing(final String detail, final String fix)
    {
        add(Check.missing(AREA, "cpuid device", detail, fix));
        add(Check.warn(AREA, "CPU", cpuinfoSummary(),
            "CPUID-based checks below are skipped until the cpuid device works"));
    }

    private String cpuinfoSummary()
    {
        final String cpuinfo = SysFiles.readTrimmedOrNull(ctx.procRoot.resolve("cpuinfo"));
        if (null == cpuinfo)
        {
            return "unknown (no cpuid device, no " + ctx.procRoot.resolve("cpuinfo") + ")";
        }
        final List<String> wanted = List.of("vendor_id", "cpu family", "model", "model name", "stepping");
        final List<String> parts = new ArrayList<>();
        for (final String line : cpuinfo.split("\n"))
        {
            final int colon = line.indexOf(':');
            if (colon > 0 && wanted.contains(line.substring(0, colon).trim()) && parts.size() < wanted.size())
            {
                parts.add(line.substring(0, colon).trim() + "=" + line.substring(colon + 1).trim());
            }
            if (line.isBlank() && !parts.isEmpty())
            {
                break;
            }
        }
        return "from /proc/cpuinfo: " + String.join(", ", parts);
    }
}
