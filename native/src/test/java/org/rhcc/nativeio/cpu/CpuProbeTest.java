package org.rhcc.nativeio.cpu;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.nativeio.fixture.FakeCpuid;
import org.rhcc.nativeio.iio.IrpCounterLayout;
import org.rhcc.nativeio.sys.ChannelOpener;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class CpuProbeTest
{
    @TempDir
    Path dir;

    @Test
    void shouldDecodeCascadeLakeWithMba() throws IOException
    {
        FakeCpuid.cascadeLake(dir, 0);
        final CpuCapabilities caps = CpuProbe.probe(dir, 0, FakeCpuid.opener());
        assertEquals("GenuineIntel", caps.vendor());
        assertEquals(6, caps.family());
        assertEquals(0x55, caps.model());
        assertEquals(7, caps.stepping());
        assertEquals("Intel(R) Xeon(R) Gold 6248 CPU @ 2.50GHz", caps.modelName());
        assertTrue(caps.rdtAllocation());
        assertTrue(caps.intelMba());
        assertEquals(90, caps.mbaThrottleMax());
        assertTrue(caps.mbaLinear());
        assertEquals(8, caps.mbaCosCount());
        assertFalse(caps.amdMba());
        assertFalse(caps.hypervisor());
        assertEquals(IrpCounterLayout.SKX_CLX, IrpCounterLayout.forCpu(caps));
    }

    @Test
    void shouldDecodeAmdBandwidthEnforcement() throws IOException
    {
        FakeCpuid.amdMilan(dir, 0);
        final CpuCapabilities caps = CpuProbe.probe(dir, 0, FakeCpuid.opener());
        assertEquals("AuthenticAMD", caps.vendor());
        assertEquals(0x19, caps.family());
        assertEquals(0x01, caps.model());
        assertTrue(caps.amdMba());
        assertFalse(caps.intelMba());
        assertEquals(16, caps.mbaCosCount());
        assertNull(IrpCounterLayout.forCpu(caps));
    }

    @Test
    void shouldNotQueryLeavesBeyondTheMaximum() throws IOException
    {
        new FakeCpuid(dir, 0).vendor("GenuineIntel", 5)
            .leaf(1, 0, 0x0005_0657, 0, 0, 0)
            .leaf(7, 0, 0, 1 << 15, 0, 0)
            .leaf(0x10, 0, 0, 0x8, 0, 0);
        final CpuCapabilities caps = CpuProbe.probe(dir, 0, FakeCpuid.opener());
        assertFalse(caps.rdtAllocation(), "leaf 7 is above the reported maximum 5");
        assertFalse(caps.intelMba());
    }

    @Test
    void shouldTellToLoadTheCpuidDriver() throws IOException
    {
        Files.createDirectories(dir.resolve("0"));
        final IllegalStateException ex = assertThrows(IllegalStateException.class,
            () -> CpuProbe.probe(dir, 0, FakeCpuid.opener()));
        assertTrue(ex.getMessage().contains("modprobe cpuid"), ex.getMessage());
    }

    @Test
    void shouldMapCpuModelsToIrpTables()
    {
        assertEquals(IrpCounterLayout.ICX, IrpCounterLayout.forCpu(intel(0x6A)));
        assertEquals(IrpCounterLayout.ICX, IrpCounterLayout.forCpu(intel(0x6C)));
        assertEquals(IrpCounterLayout.SPR, IrpCounterLayout.forCpu(intel(0x8F)));
        assertNull(IrpCounterLayout.forCpu(intel(0x9A)));
    }

    @Test
    void shouldReadThisMachinesCpuidLikeProcCpuinfo() throws IOException
    {
        assumeTrue(Files.exists(Path.of("/dev/cpu/0/cpuid")) && Files.isReadable(Path.of("/dev/cpu/0/cpuid")));
        final CpuCapabilities caps = CpuProbe.probe(CpuidDevice.DEFAULT_ROOT, 0, ChannelOpener.SYSTEM);
        final String cpuinfo = Files.readString(Path.of("/proc/cpuinfo"));
        assertTrue(cpuinfo.contains("vendor_id\t: " + caps.vendor()), caps.describe());
        assertTrue(cpuinfo.contains("cpu family\t: " + caps.family() + "\n"), caps.describe());
        assertTrue(cpuinfo.contains("model\t\t: " + caps.model() + "\n"), caps.describe());
    }

    private static CpuCapabilities intel(final int model)
    {
        return new CpuCapabilities("GenuineIntel", 6, model, 0, "", true, true, 90, true, 8, false, false);
    }
}
