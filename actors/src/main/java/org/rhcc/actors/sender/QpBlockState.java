package org.rhcc.actors.sender;

import org.rhcc.actors.CborSerializable;
import org.rhcc.actors.config.SessionSpec;
import org.rhcc.core.sender.QpStateTable;

/**
 * A sender entity's journaled state: the session and block it serves and the 16-byte state of each of its QPs as of
 * the last journaled batch (core's {@link QpStateTable} layout). Also the snapshot form.
 *
 * @param spec    the session, null before {@link BlockOpened}.
 * @param block   block index.
 * @param firstQp global number of the block's first QP.
 * @param state   16 bytes of state per QP of the block.
 * @param batches batches applied so far.
 */
public record QpBlockState(SessionSpec spec, int block, int firstQp, byte[] state, long batches)
    implements CborSerializable
{
    /** Before the block was opened. */
    public static final QpBlockState EMPTY = new QpBlockState(null, -1, 0, new byte[0], 0);

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
        return state.length / QpStateTable.BYTES_PER_QP;
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
        final byte[] src = batch.state();
        for (int k = 0; k < qps.length; k++)
        {
            System.arraycopy(src, k * QpStateTable.BYTES_PER_QP, state, qps[k] * QpStateTable.BYTES_PER_QP,
                QpStateTable.BYTES_PER_QP);
        }
        return new QpBlockState(spec, block, firstQp, state, batches + 1);
    }
}
