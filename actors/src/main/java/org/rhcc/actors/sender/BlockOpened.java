package org.rhcc.actors.sender;

import org.rhcc.actors.config.SessionSpec;

/**
 * Configuration event: a sender entity opened its block of QPs for a session, each QP at line rate with the
 * configured D_thr and the weight configured for its global QP number, as core's {@code SenderController.openedTable}
 * opens them.
 *
 * @param spec    the session.
 * @param block   block index.
 * @param firstQp global number of the block's first QP.
 * @param qps     QPs in the block (the last block may be partial).
 */
public record BlockOpened(SessionSpec spec, int block, int firstQp, int qps) implements QpBlockEvent
{
}
