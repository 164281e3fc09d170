package org.rhcc.clustersim;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.rhcc.core.control.ControllerConfig;
import org.rhcc.core.control.Scheme;
import org.rhcc.core.control.SenderController;
import org.rhcc.core.signal.ProbeAckRecord;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The simulator's run ahead of the sender controller (docs/design.md §6): it applies what the controller will decide,
 * in the order the controller answers, and a differing answer is caught.
 */
class AckLookaheadTest
{
    private static final ControllerConfig RHCC = ControllerConfig.defaults(Scheme.RHCC, 100.0);

    @Test
    void shouldApplyAheadWhatTheSenderControllerDecidesAndAcceptItsAnswers()
    {
        final AckLookahead lookahead = AckLookahead.of(RHCC, 4);
        final List<double[]> applied = new ArrayList<>();
        final List<double[]> controller = new ArrayList<>();
        final SenderController node = new SenderController(RHCC, 4,
            (update) -> controller.add(new double[]{ update.qp(), update.rRevGbps(), update.nowNs() }));
        for (int k = 0; k < 40; k++)
        {
            final int qp = k % 4;
            final int delayNs = 150 + 40 * k;
            assertTrue(lookahead.onProbeAck(
                new ProbeAckRecord().set(qp, 1000 * k, 1000 * k + delayNs, true, 90.0, 10L * k)));
            lookahead.applyAhead(
                (update) -> applied.add(new double[]{ update.qp(), update.rRevGbps(), update.nowNs() }), 10L * k);
            node.onProbeAck(new ProbeAckRecord().set(qp, 1000 * k, 1000 * k + delayNs, true, 90.0, 10L * k));
        }
        assertEquals(40, applied.size());
        assertEquals(40, lookahead.inRow());
        for (int k = 0; k < controller.size(); k++)
        {
            assertArrayEquals(controller.get(k), applied.get(k), "decision " + k);
            final double[] answer = controller.get(k);
            assertNull(lookahead.answer((int)answer[0], answer[1], (long)answer[2]));
            assertTrue(lookahead.lastAnswerApplied());
        }
        assertFalse(lookahead.awaitsAnswers());
        lookahead.caughtUp();
        assertEquals(0, lookahead.inRow());
    }

    @Test
    void shouldCatchAnAnswerThatDiffersFromTheDecisionAppliedAhead()
    {
        final AckLookahead lookahead = AckLookahead.of(RHCC, 2);
        final double[] applied = new double[3];
        lookahead.onProbeAck(new ProbeAckRecord().set(1, 0, 900, true, 60.0, 10));
        lookahead.applyAhead((update) ->
        {
            applied[0] = update.qp();
            applied[1] = update.rRevGbps();
            applied[2] = update.nowNs();
        }, 10);
        final String differs = lookahead.answer(1, applied[1] + 1.0, 10);
        assertTrue(null != differs && differs.contains("QP 1") && differs.contains("decided QP 1"), differs);
        assertTrue(lookahead.answer(1, 50.0, 20).contains("rejected"), "an answer to nothing");
    }

    @Test
    void shouldWaitAfterAWindowOfAcksAndApplyTheWaitedOnesWhenAnswered()
    {
        final AckLookahead lookahead = AckLookahead.of(RHCC, 1);
        for (int k = 0; k < AckLookahead.CAPACITY; k++)
        {
            assertTrue(lookahead.onProbeAck(new ProbeAckRecord().set(0, 1000 * k, 1000 * k + 300, true, 90.0, k)));
            lookahead.applyAhead((update) -> { }, k);
        }
        assertFalse(lookahead.onProbeAck(new ProbeAckRecord().set(0, 1000 * AckLookahead.CAPACITY,
            1000 * AckLookahead.CAPACITY + 300, true, 90.0, AckLookahead.CAPACITY)),
            "the window is full: this ACK waits");
        final SenderController node = new SenderController(RHCC, 1, (update) ->
        {
            assertNull(lookahead.answer(update.qp(), update.rRevGbps(), update.nowNs()));
            assertEquals(update.nowNs() < AckLookahead.CAPACITY, lookahead.lastAnswerApplied(),
                "answer at " + update.nowNs());
        });
        for (int k = 0; k <= AckLookahead.CAPACITY; k++)
        {
            node.onProbeAck(new ProbeAckRecord().set(0, 1000 * k, 1000 * k + 300, true, 90.0, k));
        }
        assertFalse(lookahead.awaitsAnswers());
    }

    @Test
    void shouldNotExistWithoutASenderLoop()
    {
        assertNull(AckLookahead.of(ControllerConfig.defaults(Scheme.CPU_ONLY, 100.0), 4));
    }
}
