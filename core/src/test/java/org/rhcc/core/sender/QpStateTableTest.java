package org.rhcc.core.sender;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QpStateTableTest
{
    @Test
    void shouldHoldSixteenBytesPerQp()
    {
        assertEquals(16, QpStateTable.BYTES_PER_QP);
        assertEquals(16L * 1000, new QpStateTable(1000).stateBytes());
    }

    @Test
    void shouldFitOneMillionQpsInTwentyMegabytes()
    {
        final QpStateTable table = new QpStateTable(1_000_000);
        assertTrue(table.stateBytes() <= 20L * 1024 * 1024, "state bytes " + table.stateBytes());
        table.open(999_999, 100.0f, 200);
        assertEquals(100.0f, table.rateGbps(999_999));
        assertThrows(IndexOutOfBoundsException.class, () -> table.rateGbps(1_000_000));
        assertThrows(IndexOutOfBoundsException.class, () -> table.rateGbps(-1));
    }

    @Test
    void shouldKeepFieldsIndependentPerQp()
    {
        final QpStateTable table = new QpStateTable(4);
        table.open(1, 42.5f, 300);
        table.probeTsNs(1, 0x1_2345_6789L);
        table.dPrevNs(1, 250.25f);
        table.open(2, 7.0f, 150);
        assertEquals(42.5f, table.rateGbps(1));
        assertEquals(0x2345_6789, table.probeTsNs(1));
        assertEquals(250.25f, table.dPrevNs(1));
        assertEquals(300, table.dThrNs(1));
        assertEquals(150, table.dThrNs(2));
        assertTrue(Float.isNaN(table.dPrevNs(2)));
    }

    @Test
    void shouldCloseAndRejectBadValues()
    {
        final QpStateTable table = new QpStateTable(2);
        table.open(0, 1.0f, 200);
        assertTrue(table.isOpen(0));
        table.close(0);
        assertFalse(table.isOpen(0));
        assertThrows(IllegalArgumentException.class, () -> table.dThrNs(0, 0));
        assertThrows(IllegalArgumentException.class, () -> new QpStateTable(0));
    }

    @Test
    void shouldLayOutFieldsAtTheDeviceContextOffsetsLittleEndian()
    {
        final QpStateTable table = new QpStateTable(3);
        table.open(2, 42.5f, 300);
        table.probeTsNs(2, 0x1_2345_6789L);
        table.dPrevNs(2, 250.25f);
        final ByteBuffer bytes = ByteBuffer.wrap(table.toByteArray()).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(48, bytes.capacity());
        assertEquals(42.5f, bytes.getFloat(32));
        assertEquals(0x2345_6789, bytes.getInt(36));
        assertEquals(250.25f, bytes.getFloat(40));
        assertEquals(300, bytes.getInt(44));
        assertEquals(0, bytes.getInt(0));
    }

    @Test
    void shouldPackWeightIntoTheHighByteOfTheDelayTargetWord()
    {
        final QpStateTable table = new QpStateTable(3);
        table.open(0, 10.0f, 300);
        table.open(1, 10.0f, 300, 0);
        table.open(2, 10.0f, QpStateTable.MAX_D_THR_NS, 255);
        final ByteBuffer bytes = ByteBuffer.wrap(table.toByteArray()).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(300, bytes.getInt(12), "unweighted: word 3 is the plain D_thr");
        assertEquals(300, bytes.getInt(28));
        assertEquals(0xFFFF_FFFF, bytes.getInt(44));
        assertEquals(0, table.weight(0));
        assertEquals(255, table.weight(2));
        assertEquals(QpStateTable.MAX_D_THR_NS, table.dThrNs(2));

        table.open(1, 10.0f, 200, 4);
        assertEquals((4 << 24) | 200, ByteBuffer.wrap(table.toByteArray()).order(ByteOrder.LITTLE_ENDIAN).getInt(28));
        table.dThrNs(1, 350);
        assertEquals(350, table.dThrNs(1));
        assertEquals(4, table.weight(1), "setting D_thr keeps the weight");
        assertTrue(table.isOpen(1));
    }

    @Test
    void shouldRejectWeightsAndDelayTargetsOutsideTheirBits()
    {
        final QpStateTable table = new QpStateTable(1);
        final IllegalArgumentException weight =
            assertThrows(IllegalArgumentException.class, () -> table.open(0, 1.0f, 200, 256));
        assertTrue(weight.getMessage().contains("QP weight 256 must be within 1..255"), weight.getMessage());
        assertThrows(IllegalArgumentException.class, () -> table.open(0, 1.0f, 200, -1));
        final IllegalArgumentException dThr = assertThrows(IllegalArgumentException.class,
            () -> table.open(0, 1.0f, QpStateTable.MAX_D_THR_NS + 1, 1));
        assertTrue(dThr.getMessage().contains("must be within 1..16777215 ns"), dThr.getMessage());
        assertThrows(IllegalArgumentException.class, () -> table.open(0, 1.0f, 0));
        assertThrows(IllegalArgumentException.class, () -> table.dThrNs(0, 1 << 24));
        assertFalse(table.isOpen(0), "nothing written by a rejected open");
    }

    @Test
    void shouldCopyStateBitExactBetweenTablesAndBuffers()
    {
        final QpStateTable table = new QpStateTable(2);
        table.open(0, 7.0f, 150);
        table.open(1, 9.0f, 250);
        table.dPrevNs(1, 123.5f);
        table.close(0);

        final byte[] state = new byte[QpStateTable.BYTES_PER_QP];
        table.getState(1, state, 0);
        final UnsafeBuffer region = new UnsafeBuffer(new byte[8 + 2 * QpStateTable.BYTES_PER_QP]);
        final QpStateTable view = new QpStateTable(region, 8, 2);
        view.putState(0, state, 0);
        assertEquals(9.0f, view.rateGbps(0));
        assertEquals(123.5f, view.dPrevNs(0));
        assertEquals(250, view.dThrNs(0));
        assertFalse(view.isOpen(1));

        final QpStateTable copy = QpStateTable.copyOf(table.toByteArray());
        assertArrayEquals(table.toByteArray(), copy.toByteArray());
        assertFalse(copy.isOpen(0));
        copy.open(0, 1.0f, 100);
        assertFalse(table.isOpen(0), "copyOf must not share the bytes");
        assertThrows(IllegalArgumentException.class, () -> new QpStateTable(region, 16, 2));
        assertThrows(IllegalArgumentException.class, () -> QpStateTable.copyOf(new byte[17]));
    }
}
