package org.rhcc.actors.sender;

import org.rhcc.core.sender.QpStateTable;

/**
 * Copies a QP's 16 bytes of sender-loop state between a core {@link QpStateTable} and a plain {@code int[]} of four
 * words per QP (R_rev as float32 bits, probe send time, D_prev as float32 bits, D_thr), the form in which journal
 * events and snapshots carry it. The round trip is bit-exact, NaN ("no delay sample yet") included.
 */
public final class QpWords
{
    /** Words of state per QP. */
    public static final int WORDS_PER_QP = QpStateTable.BYTES_PER_QP / Integer.BYTES;

    private QpWords()
    {
    }

    /**
     * @param table source table.
     * @param qp    QP number in the table.
     * @param words destination.
     * @param index QP index in the destination (word offset {@code 4 * index}).
     */
    public static void read(final QpStateTable table, final int qp, final int[] words, final int index)
    {
        final int base = index * WORDS_PER_QP;
        words[base] = Float.floatToRawIntBits(table.rateGbps(qp));
        words[base + 1] = table.probeTsNs(qp);
        words[base + 2] = Float.floatToRawIntBits(table.dPrevNs(qp));
        words[base + 3] = table.dThrNs(qp);
    }

    /**
     * @param words source.
     * @param index QP index in the source.
     * @param table destination table.
     * @param qp    QP number in the table.
     */
    public static void write(final int[] words, final int index, final QpStateTable table, final int qp)
    {
        final int base = index * WORDS_PER_QP;
        final int dThrNs = words[base + 3];
        if (dThrNs <= 0)
        {
            table.close(qp);
            return;
        }
        table.open(qp, Float.intBitsToFloat(words[base]), dThrNs);
        table.probeTsNs(qp, words[base + 1]);
        table.dPrevNs(qp, Float.intBitsToFloat(words[base + 2]));
    }

    /**
     * @param table a table.
     * @return all of its state as words.
     */
    public static int[] snapshot(final QpStateTable table)
    {
        final int[] words = new int[table.capacityQps() * WORDS_PER_QP];
        for (int qp = 0; qp < table.capacityQps(); qp++)
        {
            read(table, qp, words, qp);
        }
        return words;
    }

    /**
     * @param words state of {@code words.length / 4} QPs.
     * @return a new table holding it.
     */
    public static QpStateTable table(final int[] words)
    {
        final QpStateTable table = new QpStateTable(words.length / WORDS_PER_QP);
        for (int qp = 0; qp < table.capacityQps(); qp++)
        {
            write(words, qp, table, qp);
        }
        return table;
    }
}
