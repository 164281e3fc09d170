package org.rhcc.nativeio.resctrl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.core.receiver.MbaLevelTable;
import org.rhcc.core.signal.MbaLevelCommand;
import org.rhcc.core.signal.MbaLevelCommandRecord;
import org.rhcc.nativeio.fixture.FakeResctrl;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResctrlMbaActuatorTest
{
    @TempDir
    Path dir;

    private ResctrlMbaActuator.Context context(final FakeResctrl fake)
    {
        return new ResctrlMbaActuator.Context().fs(fake).procMounts(fake.mountsFile())
            .groupCpus(new int[][]{ { 0, 1 }, { 4, 5, 6 } });
    }

    @Test
    void shouldCreateGroupsAssignCpusAndStartUnthrottled() throws IOException
    {
        final FakeResctrl fake = FakeResctrl.builder().cpus(8).build(dir);
        try (ResctrlMbaActuator actuator = ResctrlMbaActuator.open(context(fake)))
        {
            assertEquals(2, actuator.groupCount());
            assertEquals(List.of("rhcc-local", "rhcc-xnuma"), fake.groups());
            assertEquals(Set.of(0, 1), fake.cpus("rhcc-local"));
            assertEquals(Set.of(4, 5, 6), fake.cpus("rhcc-xnuma"));
            assertEquals(Set.of(2, 3, 7), fake.cpus(""));
            assertEquals(Map.of(0, 100L, 1, 100L), fake.mbValues("rhcc-local"));
            assertEquals(MbaUnits.PERCENT, actuator.units());
            assertArrayEquals(new int[]{ 0, 1 }, actuator.domainIds());
        }
    }

    @Test
    void shouldWriteHostCcsTenPercentAndRefuseItsPause() throws IOException
    {
        final FakeResctrl fake = FakeResctrl.builder().build(dir);
        try (ResctrlMbaActuator actuator = ResctrlMbaActuator.open(context(fake)))
        {
            actuator.apply(MbaLevelCommandRecord.of(1, MbaLevelTable.MBA_90_LEVEL, 0));
            assertEquals(Map.of(0, 10L, 1, 10L), fake.mbValues("rhcc-xnuma"), "resctrl's 10 % = Intel delay 90");
            assertEquals(MbaLevelTable.MBA_90_LEVEL, actuator.currentLevel(1));
            final IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> actuator.apply(MbaLevelCommandRecord.of(0, MbaLevelTable.PAUSED_LEVEL, 0)));
            assertTrue(e.getMessage().contains("SIGSTOP") && e.getMessage().contains("hostcc-5level"),
                e.getMessage());
            assertEquals(Map.of(0, 100L, 1, 100L), fake.mbValues("rhcc-local"), "nothing written");
        }
    }

    @Test
    void shouldWriteEachLevelToEveryDomain() throws IOException
    {
        final FakeResctrl fake = FakeResctrl.builder().build(dir);
        try (ResctrlMbaActuator actuator = ResctrlMbaActuator.open(context(fake)))
        {
            actuator.apply(MbaLevelCommandRecord.of(1, 4, 0));
            actuator.apply(MbaLevelCommandRecord.of(0, 2, 0));
            assertEquals(Map.of(0, 40L, 1, 40L), fake.mbValues("rhcc-xnuma"));
            assertEquals(Map.of(0, 80L, 1, 80L), fake.mbValues("rhcc-local"));
            assertEquals(4, actuator.currentLevel(1));
            actuator.apply(MbaLevelCommandRecord.of(1, 5, 0));
            assertEquals(Map.of(0, 20L, 1, 20L), fake.mbValues("rhcc-xnuma"));
            actuator.resetToUnthrottled();
            assertEquals(Map.of(0, 100L, 1, 100L), fake.mbValues("rhcc-xnuma"));
            assertEquals(1, actuator.currentLevel(1));
        }
    }

    @Test
    void shouldResetAGroupLeftThrottledByACrashedRun() throws IOException
    {
        final FakeResctrl fake = FakeResctrl.builder().build(dir);
        fake.mkdir("rhcc-xnuma");
        fake.write("rhcc-xnuma/schemata", "MB:0=20;1=20\n");
        try (ResctrlMbaActuator actuator = ResctrlMbaActuator.open(context(fake)))
        {
            assertEquals(Map.of(0, 100L, 1, 100L), fake.mbValues("rhcc-xnuma"));
            assertEquals(1, actuator.currentLevel(1));
        }
    }

    @Test
    void shouldApplyTheCoarserPlatformGranularity() throws IOException
    {
        final FakeResctrl fake = FakeResctrl.builder().limits(30, 10).build(dir);
        try (ResctrlMbaActuator actuator = ResctrlMbaActuator.open(context(fake)))
        {
            actuator.apply(MbaLevelCommandRecord.of(0, 5, 0));
            assertEquals(Map.of(0, 30L, 1, 30L), fake.mbValues("rhcc-local"));
            assertFalse(actuator.mapping().notes().isEmpty());
        }
    }

    @Test
    void shouldUseAmdUnits() throws IOException
    {
        final FakeResctrl fake = FakeResctrl.builder().amd().build(dir);
        try (ResctrlMbaActuator actuator = ResctrlMbaActuator.open(context(fake).amdPeakGBps(25)))
        {
            assertEquals(MbaUnits.AMD_EIGHTH_GBPS, actuator.units());
            actuator.apply(MbaLevelCommandRecord.of(0, 3, 0));
            assertEquals(Map.of(0, 120L, 1, 120L), fake.mbValues("rhcc-local"));
            assertEquals(Map.of(0, 2048L, 1, 2048L), fake.mbValues("rhcc-xnuma"));
        }
    }

    @Test
    void shouldQuoteLastCmdStatusWhenTheKernelRefuses() throws IOException
    {
        final FakeResctrl fake = FakeResctrl.builder().build(dir);
        final IllegalStateException ex = assertThrows(IllegalStateException.class, () -> ResctrlMbaActuator.open(
            context(fake).units(MbaUnits.AMD_EIGHTH_GBPS).amdPeakGBps(25)));
        assertTrue(ex.getMessage().contains("last_cmd_status: MB value 2048 out of range [10,100]"),
            ex.getMessage());
        assertTrue(ex.getMessage().contains("Invalid argument"), ex.getMessage());
    }

    @Test
    void shouldExplainRunningOutOfClosids() throws IOException
    {
        final FakeResctrl fake = FakeResctrl.builder().closids(2).build(dir);
        final IllegalStateException ex = assertThrows(IllegalStateException.class,
            () -> ResctrlMbaActuator.open(context(fake)));
        assertTrue(ex.getMessage().contains("Out of CLOSIDs"), ex.getMessage());
        assertTrue(ex.getMessage().contains("num_closids 2"), ex.getMessage());
    }

    @Test
    void shouldQuoteTheKernelWhenACpuIsOffline() throws IOException
    {
        final FakeResctrl fake = FakeResctrl.builder().cpus(4).build(dir);
        final IllegalStateException ex = assertThrows(IllegalStateException.class,
            () -> ResctrlMbaActuator.open(context(fake)));
        assertTrue(ex.getMessage().contains("rhcc-xnuma/cpus_list") &&
            ex.getMessage().contains("last_cmd_status: Can only assign online CPUs"), ex.getMessage());
    }

    @Test
    void shouldRefuseWhenNotMounted() throws IOException
    {
        final FakeResctrl fake = FakeResctrl.builder().build(dir);
        Files.writeString(fake.mountsFile(), "proc /proc proc rw 0 0\n");
        final IllegalStateException ex = assertThrows(IllegalStateException.class,
            () -> ResctrlMbaActuator.open(context(fake)));
        assertTrue(ex.getMessage().contains("mount -t resctrl resctrl"), ex.getMessage());
    }

    @Test
    void shouldRefuseTheSoftwareController() throws IOException
    {
        final FakeResctrl fake = FakeResctrl.builder().mbaMBps().build(dir);
        final IllegalStateException ex = assertThrows(IllegalStateException.class,
            () -> ResctrlMbaActuator.open(context(fake)));
        assertTrue(ex.getMessage().contains("mba_MBps"), ex.getMessage());
    }

    @Test
    void shouldRefuseWithoutMb() throws IOException
    {
        final FakeResctrl fake = FakeResctrl.builder().withoutMb().build(dir);
        final IllegalStateException ex = assertThrows(IllegalStateException.class,
            () -> ResctrlMbaActuator.open(context(fake)));
        assertTrue(ex.getMessage().contains("no info/MB"), ex.getMessage());
    }

    @Test
    void shouldTryEveryGroupOnResetAndReportTheOneThatFailed() throws IOException
    {
        final FakeResctrl fake = FakeResctrl.builder().build(dir);
        try (ResctrlMbaActuator actuator = ResctrlMbaActuator.open(context(fake)))
        {
            actuator.apply(MbaLevelCommandRecord.of(0, 4, 0));
            actuator.apply(MbaLevelCommandRecord.of(1, 4, 0));
            fake.denyWrites("rhcc-local/schemata");
            final IllegalStateException ex = assertThrows(IllegalStateException.class, actuator::resetToUnthrottled);
            assertTrue(ex.getMessage().contains("rhcc-local") && ex.getMessage().contains("Permission denied"),
                ex.getMessage());
            assertFalse(ex.getMessage().contains("rhcc-xnuma"), ex.getMessage());
            assertEquals(Map.of(0, 100L, 1, 100L), fake.mbValues("rhcc-xnuma"));
            assertThrows(IllegalStateException.class, () -> actuator.apply(MbaLevelCommandRecord.of(0, 5, 0)));
            fake.allowWrites("rhcc-local/schemata");
        }
        assertEquals(Map.of(0, 100L, 1, 100L), fake.mbValues("rhcc-local"));
    }

    @Test
    void shouldRemoveGroupsOnCloseWhenAsked() throws IOException
    {
        final FakeResctrl fake = FakeResctrl.builder().cpus(8).build(dir);
        ResctrlMbaActuator.open(context(fake).removeGroupsOnClose(true)).close();
        assertEquals(List.of(), fake.groups());
        assertEquals(8, fake.cpus("").size());
    }

    @Test
    void shouldRejectBadGroupsAndLevels() throws IOException
    {
        final FakeResctrl fake = FakeResctrl.builder().build(dir);
        try (ResctrlMbaActuator actuator = ResctrlMbaActuator.open(context(fake)))
        {
            assertThrows(IllegalArgumentException.class, () -> actuator.apply(MbaLevelCommandRecord.of(2, 1, 0)));
            assertThrows(IllegalArgumentException.class, () -> actuator.apply(MbaLevelCommandRecord.of(0, 0, 0)));
            assertThrows(IllegalArgumentException.class, () -> actuator.apply(MbaLevelCommandRecord.of(0, 8, 0)),
                "beyond the table only hostCC's 10 % (level 6) and its refused pause (level 7) are known");
        }
    }

    @Test
    void shouldApplyLevelsWithoutAllocatingOnTheProductionFilesystem() throws IOException
    {
        // a plain tree written through LinuxResctrlFs: the production write path end to end
        final Path root = Files.createDirectories(dir.resolve("plain"));
        write(root.resolve("info/MB/min_bandwidth"), "10\n");
        write(root.resolve("info/MB/bandwidth_gran"), "10\n");
        write(root.resolve("schemata"), "MB:0=100;1=100\n");
        write(root.resolve("rhcc-local/schemata"), "MB:0=100;1=100\n");
        write(root.resolve("rhcc-xnuma/schemata"), "MB:0=100;1=100\n");
        write(dir.resolve("mounts"), "resctrl " + root + " resctrl rw 0 0\n");
        final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();
        try (ResctrlMbaActuator actuator = ResctrlMbaActuator.open(new ResctrlMbaActuator.Context()
            .fs(new LinuxResctrlFs(root)).procMounts(dir.resolve("mounts")).levels(MbaLevelTable.paper())))
        {
            final MbaLevelCommandRecord command = new MbaLevelCommandRecord();
            for (int i = 0; i < 2_000; i++)
            {
                actuator.apply(command.set(i & 1, 1 + (i % 5), MbaLevelCommand.REASON_UNSPECIFIED, i));
            }
            final long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
            for (int i = 0; i < 10_000; i++)
            {
                actuator.apply(command.set(i & 1, 1 + (i % 5), MbaLevelCommand.REASON_UNSPECIFIED, i));
            }
            final long allocated = threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
            // one object per call would be >= 160 KB; allow a few one-off JIT/JDK allocations
            assertTrue(allocated < 10_000, "apply allocated " + allocated + " bytes in 10k calls");
            actuator.apply(MbaLevelCommandRecord.of(1, 4, 0));
            assertTrue(Files.readString(root.resolve("rhcc-xnuma/schemata")).startsWith("MB:0=40;1=40\n"));
        }
    }

    private static void write(final Path path, final String content) throws IOException
    {
        Files.createDirectories(path.getParent());
        Files.write(path, content.getBytes(StandardCharsets.US_ASCII));
    }
}
