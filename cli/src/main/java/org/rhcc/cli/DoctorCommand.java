package org.rhcc.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import org.rhcc.nativeio.doctor.Doctor;
import org.rhcc.nativeio.doctor.DoctorReport;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rhcc doctor}: what this machine supports for rhcc's real backends (CPUID RDT/MBA, the msr device,
 * CAP_SYS_RAWIO, lockdown, resctrl, uncore counters), each line OK / MISSING / WARN with what to do. A thin wrapper
 * around {@link Doctor}; exits 0 whenever the report could be produced, whatever it says.
 */
@Command(
    name = "doctor",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = "Checks what this machine supports for real: CPU RDT/MBA, msr device, capabilities, lockdown, "
        + "resctrl, uncore counters. Each line says OK, MISSING or WARN and what to do.")
public final class DoctorCommand implements Callable<Integer>
{
    @Spec
    private CommandSpec spec;

    @Option(names = "--msr-root", paramLabel = "DIR", defaultValue = "/dev/cpu",
        description = "Directory holding N/msr (default: ${DEFAULT-VALUE}).")
    private Path msrRoot;

    @Option(names = "--cpuid-root", paramLabel = "DIR", defaultValue = "/dev/cpu",
        description = "Directory holding N/cpuid (default: ${DEFAULT-VALUE}).")
    private Path cpuidRoot;

    @Option(names = "--resctrl-root", paramLabel = "DIR", defaultValue = "/sys/fs/resctrl",
        description = "Where resctrl is (or should be) mounted (default: ${DEFAULT-VALUE}).")
    private Path resctrlRoot;

    @Option(names = "--sys-root", paramLabel = "DIR", defaultValue = "/sys",
        description = "sysfs root (default: ${DEFAULT-VALUE}).")
    private Path sysRoot;

    @Option(names = "--proc-root", paramLabel = "DIR", defaultValue = "/proc",
        description = "procfs root (default: ${DEFAULT-VALUE}).")
    private Path procRoot;

    @Option(names = "--cpu", paramLabel = "N", defaultValue = "0",
        description = "CPU to probe; pick one on the NIC's socket (default: ${DEFAULT-VALUE}).")
    private int cpu;

    @Option(names = "--json", description = "Print the report as JSON.")
    private boolean json;

    @Override
    public Integer call()
    {
        if (cpu < 0)
        {
            throw new UsageException("--cpu must be >= 0, got " + cpu);
        }
        final DoctorReport report = Doctor.examine(new Doctor.Context().msrRoot(msrRoot).cpuidRoot(cpuidRoot)
            .resctrlRoot(resctrlRoot).sysRoot(sysRoot).procRoot(procRoot).cpu(cpu));
        final PrintWriter out = spec.commandLine().getOut();
        out.print(json ? report.toJson() : report.toText());
        out.flush();
        return RhccCommand.EXIT_OK;
    }
}
