package org.rhcc.nativeio.doctor;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.nativeio.fixture.FakeCpuid;
import org.rhcc.nativeio.fixture.FakeMsrSpace;
import org.rhcc.nativeio.fixture.FakeResctrl;
import org.rhcc.nativeio.fixture.FakeSysfs;
import org.rhcc.nativeio.iio.IrpCounterLayout;
import org.rhcc.nativeio.sys.ProcMounts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DoctorTest
{
    @TempDir
    Path dir;

    /**
     * A Cascade Lake host with everything in place, except that pcm-iio is running and owns one IRP counter.
     */
    @Test
    void shouldReportAReadyCascadeLakeHostAndTheCounterOwner() throws IOException
    {
        final FakeMsrSpace msr = new FakeMsrSpace(dir).addCpus(0).lockdown("none").allowWrites("on");
        FakeCpuid.cascadeLake(msr.root(), 0);
        msr.poke(0, IrpCounterLayout.SKX_CLX.irpCtl(2, 1), 0x004001D5L);
        final FakeResctrl resctrl = FakeResctrl.builder().build(dir);
        resctrl.mkdir("rhcc-xnuma");
        final FakeSysfs sys = new FakeSysfs(dir.resolve("sys"))
            .file("bus/event_source/devices/uncore_irp_0/type", "20\n")
            .file("bus/event_source/devices/uncore_irp_1/type", "21\n")
            .iioMapping(2, 0, "0000:17");
        Files.createDirectories(sys.root().resolve("kernel/security"));
        Files.copy(msr.lockdownFile(), sys.root().resolve("kernel/security/lockdown"));
        Files.createDirectories(sys.root().resolve("module/msr/parameters"));
        Files.copy(msr.allowWritesFile(), sys.root().resolve("module/msr/parameters/allow_writes"));
        final FakeSysfs proc = new FakeSysfs(dir.resolve("proc"))
            .file("self/status", "Name:\tjava\nCapEff:\t000001ffffffffff\n")
            .file("filesystems", "nodev\tsysfs\nnodev\tresctrl\n")
            .file("mounts", Files.readString(resctrl.mountsFile()))
            .file("sys/kernel/perf_event_paranoid", "0\n")
            .process(999, "pcm-iio", 'S', 10);

        final DoctorReport report = Doctor.examine(new Doctor.Context().msrRoot(msr.root()).cpuidRoot(msr.root())
            .resctrlRoot(resctrl.root()).sysRoot(sys.root()).procRoot(proc.root()).opener(msr.opener()));
        final String text = report.toText();

        assertStatus(report, "CPU", Check.Status.OK, "model 0x55");
        assertStatus(report, "RDT allocation", Check.Status.OK, "EBX[15]");
        assertStatus(report, "MBA", Check.Status.OK, "throttle_max 90");
        assertStatus(report, "IIO counter table", Check.Status.OK, "SKX_CLX");
        assertStatus(report, "msr device", Check.Status.OK, "readable");
        assertStatus(report, "CAP_SYS_RAWIO", Check.Status.OK, "effective");
        assertStatus(report, "msr writes", Check.Status.OK, "allow_writes=on");
        assertStatus(report, "kernel lockdown", Check.Status.OK, "none");
        assertStatus(report, "resctrl mount", Check.Status.OK, resctrl.root().toString());
        assertStatus(report, "resctrl MB", Check.Status.OK, "min_bandwidth 10");
        assertStatus(report, "MBA levels", Check.Status.OK, "100/80/60/40/20");
        assertStatus(report, "resctrl groups", Check.Status.OK, "rhcc-xnuma MB [100, 100]");
        assertStatus(report, "uncore IRP PMUs", Check.Status.OK, "uncore_irp_0");
        assertStatus(report, "counter tools", Check.Status.WARN, "pcm-iio (pid 999)");
        assertStatus(report, "IRP control MSRs", Check.Status.WARN, "stack 2 ctr 1 ctl 0xa9c=0x4001d5");
        assertTrue(report.toJson().contains("\"name\":\"IRP control MSRs\",\"status\":\"WARN\""), report.toJson());
        assertTrue(text.contains("2 WARN"), text);
    }

    /**
     * A VM like this build machine: cpuid works, no MBA, no msr driver, no resctrl.
     */
    @Test
    void shouldReportWhatAnEmptyVmLacks() throws IOException
    {
        final FakeMsrSpace msr = new FakeMsrSpace(dir).addCpuWithoutMsr(0);
        FakeCpuid.amdMilan(msr.root(), 0).leaf(0x8000_0008, 0, 0x3030, 0, 0, 0);
        final FakeSysfs sys = new FakeSysfs(dir.resolve("sys"));
        final FakeSysfs proc = new FakeSysfs(dir.resolve("proc"))
            .file("self/status", "CapEff:\t0000000000000000\n")
            .file("filesystems", "nodev\tsysfs\n")
            .file("mounts", "proc /proc proc rw 0 0\n")
            .file("sys/kernel/perf_event_paranoid", "2\n");
        final DoctorReport report = Doctor.examine(new Doctor.Context().msrRoot(msr.root()).cpuidRoot(msr.root())
            .resctrlRoot(dir.resolve("resctrl")).sysRoot(sys.root()).procRoot(proc.root()).opener(msr.opener()));

        assertStatus(report, "CPU", Check.Status.OK, "AuthenticAMD family 25");
        assertStatus(report, "MBA", Check.Status.MISSING, "0x80000008");
        assertStatus(report, "IIO counter table", Check.Status.MISSING, "AuthenticAMD");
        assertStatus(report, "msr device", Check.Status.MISSING, "does not exist");
        assertTrue(report.find("msr device").fix().contains("modprobe msr"));
        assertStatus(report, "CAP_SYS_RAWIO", Check.Status.MISSING, "not effective");
        assertStatus(report, "kernel lockdown", Check.Status.WARN, "securityfs");
        assertStatus(report, "resctrl support", Check.Status.MISSING, "not in");
        assertStatus(report, "resctrl mount", Check.Status.MISSING, "not mounted");
        assertStatus(report, "IRP control MSRs", Check.Status.WARN, "not checked");
    }

    @Test
    void shouldExplainAMissingCpuidDevice()
    {
        final DoctorReport report = Doctor.examine(new Doctor.Context().cpuidRoot(dir.resolve("nothing"))
            .msrRoot(dir.resolve("nothing")).resctrlRoot(dir.resolve("nothing")).sysRoot(dir.resolve("sys"))
            .procRoot(dir.resolve("proc")));
        assertStatus(report, "cpuid device", Check.Status.MISSING, "cpuid");
        assertTrue(report.find("cpuid device").fix().contains("modprobe cpuid"), report.toText());
    }

    @Test
    void shouldTellTheTruthAboutThisMachine()
    {
        final DoctorReport report = Doctor.examine(new Doctor.Context());
        System.out.print(report.toText());
        assertEquals(Files.isReadable(Path.of("/dev/cpu/0/cpuid")) ? Check.Status.OK : Check.Status.MISSING,
            report.find("cpuid device").status());
        assertEquals(Files.exists(Path.of("/dev/cpu/0/msr")),
            report.find("msr device").status() == Check.Status.OK || report.find("msr device").detail()
                .contains("Operation not permitted"));
        final boolean mounted = ProcMounts.ofType(ProcMounts.DEFAULT_PATH, "resctrl").stream()
            .anyMatch((m) -> "/sys/fs/resctrl".equals(m.mountPoint()));
        assertEquals(mounted, report.find("resctrl mount").status() != Check.Status.MISSING);
    }

    private static void assertStatus(
        final DoctorReport report, final String name, final Check.Status status, final String detailPart)
    {
        final Check check = report.find(name);
        assertTrue(null != check, "no check named " + name + " in\n" + report.toText());
        assertEquals(status, check.status(), name + ": " + check.detail());
        assertTrue(check.detail().contains(detailPart), name + ": '" + check.detail() + "' lacks '" + detailPart + "'");
    }
}
