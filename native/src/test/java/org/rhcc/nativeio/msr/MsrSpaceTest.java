package org.rhcc.nativeio.msr;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.nativeio.fixture.FakeMsrSpace;
import org.rhcc.nativeio.sys.ChannelOpener;
import org.rhcc.nativeio.sys.Lockdown;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class MsrSpaceTest
{
    @TempDir
    Path dir;

    @Test
    void shouldReadAndWriteEightBytesLittleEndianAtTheMsrOffset() throws IOException
    {
        final FakeMsrSpace fake = new FakeMsrSpace(dir).addCpus(0, 1);
        fake.poke(1, 0xA5A, 0x0123_4567_89AB_CDEFL);
        try (MsrFile file = fake.space().open(1, true))
        {
            assertEquals(0x0123_4567_89AB_CDEFL, file.read(0xA5A));
            file.write(0xA5C, 0x40040FL);
        }
        assertEquals(0x40040FL, fake.peek(1, 0xA5C));
        assertEquals(0, fake.peek(0, 0xA5C), "CPU 0's MSR space is separate");
    }

    @Test
    void shouldTellToLoadTheDriverWhenTheCpuExistsWithoutMsrFile() throws IOException
    {
        final FakeMsrSpace fake = new FakeMsrSpace(dir).addCpuWithoutMsr(0);
        final MsrAccessException ex = assertThrows(MsrAccessException.class, () -> fake.space().open(0, false));
        assertEquals(MsrAccessException.Reason.NO_DRIVER, ex.reason());
        assertTrue(ex.getMessage().contains("modprobe msr"), ex.getMessage());
        assertEquals(fake.space().msrPath(0), ex.path());
        assertTrue(ex.what().startsWith("open of " + ex.path() + ": "), ex.what());
        assertEquals(MsrAccessException.Reason.NO_DRIVER.fix(), ex.fix());
        assertEquals(ex.what() + " -> NO_DRIVER: " + ex.fix(), ex.getMessage());
    }

    @Test
    void shouldTellToLoadTheDriverWhenThereIsNoDevCpuAtAll()
    {
        final MsrSpace space = new MsrSpace(dir.resolve("absent"), ChannelOpener.SYSTEM, dir.resolve("l"),
            dir.resolve("a"));
        assertEquals(MsrAccessException.Reason.NO_DRIVER,
            assertThrows(MsrAccessException.class, () -> space.open(0, false)).reason());
    }

    @Test
    void shouldReportAnAbsentCpu() throws IOException
    {
        final FakeMsrSpace fake = new FakeMsrSpace(dir).addCpus(0);
        assertEquals(MsrAccessException.Reason.NO_CPU,
            assertThrows(MsrAccessException.class, () -> fake.space().open(7, false)).reason());
    }

    @Test
    void shouldReportFileModePermission() throws IOException
    {
        final FakeMsrSpace fake = new FakeMsrSpace(dir).addCpus(0).denyMode(0);
        final MsrAccessException ex = assertThrows(MsrAccessException.class, () -> fake.space().open(0, false));
        assertEquals(MsrAccessException.Reason.PERMISSION_MODE, ex.reason());
        assertTrue(ex.getMessage().contains("Permission denied"), ex.getMessage());
    }

    @Test
    void shouldReportMissingCapSysRawio() throws IOException
    {
        final FakeMsrSpace fake = new FakeMsrSpace(dir).addCpus(0).withoutRawio();
        final MsrAccessException ex = assertThrows(MsrAccessException.class, () -> fake.space().open(0, false));
        assertEquals(MsrAccessException.Reason.NO_CAP_SYS_RAWIO, ex.reason());
        assertTrue(ex.getMessage().contains("CAP_SYS_RAWIO"), ex.getMessage());
    }

    @Test
    void shouldReportAnUnsupportedMsrOnRead() throws IOException
    {
        final FakeMsrSpace fake = new FakeMsrSpace(dir).addCpus(0).unsupported(0xA5B);
        try (MsrFile file = fake.space().open(0, false))
        {
            final MsrAccessException ex = assertThrows(MsrAccessException.class, () -> file.read(0xA5B));
            assertEquals(MsrAccessException.Reason.UNSUPPORTED_MSR, ex.reason());
            assertEquals(0xA5B, ex.msr());
            assertTrue(ex.getMessage().contains("0xa5b") && ex.getMessage().contains("Input/output error"));
        }
    }

    @Test
    void shouldReportARejectedWrite() throws IOException
    {
        final FakeMsrSpace fake = new FakeMsrSpace(dir).addCpus(0).unsupported(0xD51);
        try (MsrFile file = fake.space().open(0, true))
        {
            assertEquals(MsrAccessException.Reason.WRITE_REJECTED,
                assertThrows(MsrAccessException.class, () -> file.write(0xD51, 90)).reason());
        }
    }

    @Test
    void shouldBlameLockdownForRefusedWrites() throws IOException
    {
        final FakeMsrSpace fake = new FakeMsrSpace(dir).addCpus(0).lockdown("integrity");
        assertTrue(Lockdown.writesLocked(fake.lockdownFile()));
        try (MsrFile file = fake.space().open(0, true))
        {
            assertEquals(0, file.read(0x10), "reads still work under lockdown");
            final MsrAccessException ex = assertThrows(MsrAccessException.class, () -> file.write(0xA5C, 1));
            assertEquals(MsrAccessException.Reason.LOCKDOWN, ex.reason());
            assertTrue(ex.getMessage().contains("resctrl"), ex.getMessage());
        }
    }

    @Test
    void shouldBlameAllowWritesOffForRefusedWrites() throws IOException
    {
        final FakeMsrSpace fake = new FakeMsrSpace(dir).addCpus(0).lockdown("none").allowWrites("off");
        try (MsrFile file = fake.space().open(0, true))
        {
            final MsrAccessException ex = assertThrows(MsrAccessException.class, () -> file.write(0xA5C, 1));
            assertEquals(MsrAccessException.Reason.WRITES_DISABLED, ex.reason());
            assertTrue(ex.getMessage().contains("allow_writes"), ex.getMessage());
        }
    }

    @Test
    void shouldRefuseWritesOnAReadOnlyFile() throws IOException
    {
        final FakeMsrSpace fake = new FakeMsrSpace(dir).addCpus(0);
        try (MsrFile file = fake.space().open(0, false))
        {
            assertThrows(IllegalStateException.class, () -> file.write(0xA5C, 1));
        }
    }

    @Test
    void shouldTellTheTruthAboutThisMachinesMsrDriver()
    {
        final Path cpu0 = Path.of("/dev/cpu/0");
        assumeTrue(Files.isDirectory(cpu0) && !Files.exists(cpu0.resolve("msr")),
            "only meaningful where /dev/cpu/0 exists without the msr driver");
        final MsrAccessException ex = assertThrows(MsrAccessException.class, () -> MsrSpace.system().open(0, false));
        assertEquals(MsrAccessException.Reason.NO_DRIVER, ex.reason());
    }
}
