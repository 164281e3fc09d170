package org.rhcc.nativeio.resctrl;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rhcc.nativeio.fixture.FakeResctrl;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The fixture must refuse what the kernel refuses, or the actuator tests prove nothing.
 */
class FakeResctrlKernelTest
{
    @TempDir
    Path dir;

    @Test
    void shouldRejectAMissingTrailingNewlineWithoutTouchingTheStatus() throws IOException
    {
        final FakeResctrl fake = FakeResctrl.builder().build(dir);
        fake.mkdir("g");
        assertThrows(IOException.class, () -> fake.write("g/schemata", "MB:0=5\n"));
        final IOException ex = assertThrows(IOException.class, () -> fake.write("g/schemata", "MB:0=50"));
        assertEquals("Invalid argument", ex.getMessage());
        assertEquals("MB value 5 out of range [10,100]", fake.lastCmdStatus(), "status of the previous command");
        assertEquals(Map.of(0, 100L, 1, 100L), fake.mbValues("g"));
    }

    @Test
    void shouldRoundUpAndChangeOnlyTheListedDomains() throws IOException
    {
        final FakeResctrl fake = FakeResctrl.builder().build(dir);
        fake.mkdir("g");
        fake.write("g/schemata", "MB:1=35\n");
        assertEquals(Map.of(0, 100L, 1, 40L), fake.mbValues("g"));
        assertEquals("ok", fake.lastCmdStatus());
        assertEquals("L3:0=7ff;1=7ff\nMB:0=100;1= 40\n", fake.read("g/schemata"));
    }

    @Test
    void shouldReportTheKernelsMessages() throws IOException
    {
        final FakeResctrl fake = FakeResctrl.builder().build(dir);
        fake.mkdir("g");
        assertStatus(fake, "XX:0=1\n", "Unknown or unsupported resource name 'XX'");
        assertStatus(fake, "MB:0=abc\n", "Invalid MB value abc");
        assertStatus(fake, "MB:x=10\n", "Missing '=' or non-numeric domain");
        assertStatus(fake, "MB:0=10;0=20\n", "Duplicate domain 0");
        assertStatus(fake, "MB\n", "Missing ':'");
        assertStatus(fake, "MB:7=50\n", "ok");
    }

    @Test
    void shouldMoveCpusBetweenGroups() throws IOException
    {
        final FakeResctrl fake = FakeResctrl.builder().cpus(8).build(dir);
        fake.mkdir("a");
        fake.write("a/cpus_list", "0-3\n");
        assertEquals(Set.of(4, 5, 6, 7), fake.cpus(""));
        assertStatus(fake, "a", "cpus_list", "0-9\n", "Can only assign online CPUs");
        assertStatus(fake, "a", "cpus_list", "x\n", "Bad CPU list/mask");
        fake.rmdir("a");
        assertEquals(8, fake.cpus("").size());
    }

    @Test
    void shouldRunOutOfClosids() throws IOException
    {
        final FakeResctrl fake = FakeResctrl.builder().closids(2).build(dir);
        fake.mkdir("a");
        final FileSystemException ex = assertThrows(FileSystemException.class, () -> fake.mkdir("b"));
        assertEquals("No space left on device", ex.getReason());
        assertEquals("Out of CLOSIDs", fake.lastCmdStatus());
    }

    private static void assertStatus(final FakeResctrl fake, final String command, final String status)
        throws IOException
    {
        assertStatus(fake, "g", "schemata", command, status);
    }

    private static void assertStatus(
        final FakeResctrl fake, final String group, final String file, final String command, final String status)
        throws IOException
    {
        assertThrows(IOException.class, () -> fake.write(group + "/" + file, command), command);
        assertEquals(status, fake.lastCmdStatus(), command);
    }
}
