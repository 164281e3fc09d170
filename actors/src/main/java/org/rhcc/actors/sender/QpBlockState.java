package org.rhcc.actors.sender;

import org.rhcc.actors.CborSerializable;
import org.rhcc.actors.session.SessionSpec;

/**
 * A sender entity's journaled state: the session and block it serves and the 16-byte state of each of its QPs as of
 * the last journaled batch ({@link QpWords} layout). Also the snapshot form.
 *
 * @param spec    the session, null before {@link BlockOpened}.
 * @param block   block index.
 * @param firstQp global number of the block's first QP.
 * @param words   four words per QP of the block.
 * @param batches batches applied so far.
 */
public record QpBlockState(SessionSpec spec, int block, int firstQp, int[] words, long batches)
    implements CborSerializable
{
    /** Before the block was opened. */
    public static final QpBlockState EMPTY = new QpBlockState(null, -1, 0, new int[0], 0);

    /**
     * @return true once the block was opened.
     */
    public boolean opened()
    {
        return null != spec;
    }

    /**
     * @return QPs in the block.
     */
    public int qps()
    {
        return words.length / QpWords.WORDS_PER_QP;
    }

    /**
     * Applies a batch in place (event handler only).
     *
     * @param batch the batch.
     * @return the state after it.
     */
    QpBlockState apply(final QpStatesChanged batch)
    {
        final int[] qps = batch.qps();
        final int[] src = batch.words();
        for (int k = 0; k < qps.length; k++)
        {
            System.arraycopy(src, k * QpWords.WORDS_PER_QP, words, qps[k] * QpWords.WORDS_PER_QP,
                QpWords.WORDS_PER_QP);
        }
        return new QpBlockState(spec, block, firstQp, words, batches + 1);
    }
}
