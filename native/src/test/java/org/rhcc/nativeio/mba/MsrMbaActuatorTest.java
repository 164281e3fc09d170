package org.rhcc.nativeio.mba;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.core.receiver.MbaLevelTable;
import org.rhcc.core.signal.MbaLevelCommandRecord;
import org.rhcc.nativeio.cpu.CpuCapabilities;
import org.rhcc.nativeio.fixture.FakeMsrSpace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MsrMbaActuatorTest
{
    private static final CpuCapabilities CLX =
        new CpuCapabilities("GenuineIntel", 6, 0x55, 7, "", true, true, 90, true, 8, false, false);

    @TempDir
    Path dir;

    private FakeMsrSpace msr;
    private Path mounts;

    @BeforeEach
    void setUp() throws IOException
    {
        msr = new FakeMsrSpace(dir).addCpus(0, 1, 2, 3, 4, 5, 6, 7);
        mounts = Files.writeString(dir.resolve("mounts"), "proc /proc proc rw 0 0\n");
    }

    private MsrMbaActuator.Context context()
    {
        // sockets: CPUs 0-3 and 4-7; local group on 1-2, cross-NUMA group on 5
        return new MsrMbaActuator.Context().msrSpace(msr.space()).cpu(CLX).procMounts(mounts)
            .groupCpus(new int[][]{ { 1, 2 }, { 5 } }).socketCpus(0, 4);
    }

    @Test
    void shouldAssociateCpusKeepingTheirRmidAndWriteDelaysPerSocket() throws IOException
    {
        msr.poke(5, MsrMbaActuator.PQR_ASSOC, 0x0000_0003_0000_0017L); // COS 3, RMID 0x17
        try (MsrMbaActuator actuator = MsrMbaActuator.open(context()))
        {
            assertEquals(0x0000_0001_0000_0000L, msr.peek(1, MsrMbaActuator.PQR_ASSOC));
            assertEquals(0x0000_0002_0000_0017L, msr.peek(5, MsrMbaActuator.PQR_ASSOC));
            actuator.apply(MbaLevelCommandRecord.of(1, 4, 0));
            assertEquals(60, msr.peek(0, 0xD52));
            assertEquals(60, msr.peek(4, 0xD52));
            actuator.apply(MbaLevelCommandRecord.of(0, 5, 0));
            assertEquals(80, msr.peek(4, 0xD51));
            assertEquals(4, actuator.currentLevel(1));
        }
        assertEquals(0, msr.peek(0, 0xD51), "close resets the delays");
        assertEquals(0, msr.peek(4, 0xD52));
        assertEquals(0x17L, msr.peek(5, MsrMbaActuator.PQR_ASSOC), "back to COS 0 with the RMID kept");
    }

    @Test
    void shouldWriteHostCcsDelayNinetyAndRefuseItsPause() throws IOException
    {
        try (MsrMbaActuator actuator = MsrMbaActuator.open(context()))
        {
            actuator.apply(MbaLevelCommandRecord.of(1, MbaLevelTable.MBA_90_LEVEL, 0));
            assertEquals(90, msr.peek(0, 0xD52), "hostCC's MBA_VAL_HIGH");
            assertEquals(90, msr.peek(4, 0xD52));
            final IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> actuator.apply(MbaLevelCommandRecord.of(0, MbaLevelTable.PAUSED_LEVEL, 0)));
            assertTrue(e.getMessage().contains("SIGSTOP") && e.getMessage().contains("hostcc-5level"),
                e.getMessage());
            assertThrows(IllegalArgumentException.class, () -> actuator.apply(MbaLevelCommandRecord.of(0, 8, 0)));
        }
    }

    @Test
    void shouldRoundToTheThrottleStep() throws IOException
    {
        final CpuCapabilities coarse =
            new CpuCapabilities("GenuineIntel", 6, 0x55, 7, "", true, true, 70, true, 8, false, false);
        try (MsrMbaActuator actuator = MsrMbaActuator.open(context().cpu(coarse)))
        {
            // throttle_max 70: 30 % steps from 30 %; 100/80/60/40/20 % apply as 100/90/60/60/30 %
            final long[] expected = { 0, 10, 40, 40, 70 };
            for (int level = 1; level <= 5; level++)
            {
                assertEquals(expected[level - 1], actuator.delay(level), "level " + level);
            }
            assertTrue(actuator.notes().stream().anyMatch((n) -> n.contains("cannot tell them apart")));
        }
    }

    @Test
    void shouldRefuseWhileResctrlIsMounted() throws IOException
    {
        Files.writeString(mounts, "resctrl /sys/fs/resctrl resctrl rw,relatime 0 0\n");
        final IllegalStateException ex = assertThrows(IllegalStateException.class,
            () -> MsrMbaActuator.open(context()));
        assertTrue(ex.getMessage().contains("resctrl is mounted at /sys/fs/resctrl"), ex.getMessage());
    }

    @Test
    void shouldRefuseACpuWithoutMba()
    {
        final CpuCapabilities none =
            new CpuCapabilities("AuthenticAMD", 25, 1, 1, "AMD EPYC", false, false, 0, false, 0, false, true);
        final IllegalStateException ex = assertThrows(IllegalStateException.class,
            () -> MsrMbaActuator.open(context().cpu(none)));
        assertTrue(ex.getMessage().contains("does not enumerate Intel MBA"), ex.getMessage());
    }

    @Test
    void shouldRefuseSharedOrOutOfRangeCos()
    {
        assertThrows(IllegalArgumentException.class, () -> MsrMbaActuator.open(context().cosPerGroup(1, 1)));
        assertThrows(IllegalArgumentException.class, () -> MsrMbaActuator.open(context().cosPerGroup(1, 8)));
        assertThrows(IllegalArgumentException.class, () -> MsrMbaActuator.open(context().cosPerGroup(0, 2)));
    }

    @Test
    void shouldSurfaceLockdownAsARefusal() throws IOException
    {
        msr.lockdown("integrity");
        final IllegalStateException ex = assertThrows(IllegalStateException.class,
            () -> MsrMbaActuator.open(context()));
        assertTrue(ex.getMessage().contains("LOCKDOWN") && ex.getMessage().contains("resctrl"), ex.getMessage());
    }

    @Test
    void shouldReportARefusedLevelChangeAsIllegalState() throws IOException
    {
        try (MsrMbaActuator actuator = MsrMbaActuator.open(context()))
        {
            msr.allowWrites("off");
            final IllegalStateException ex = assertThrows(IllegalStateException.class,
                () -> actuator.apply(MbaLevelCommandRecord.of(0, 3, 0)));
            assertTrue(ex.getMessage().contains("allow_writes"), ex.getMessage());
            msr.allowWrites("on");
        }
    }
}
