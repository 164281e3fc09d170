package org.rhcc.core.signal;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DecisionRecordsTest
{
    @Test
    void shouldNameTheReasonAMoveBetweenLevelsImplies()
    {
        assertEquals(MbaLevelCommand.REASON_CONGESTION_ONSET, MbaLevelCommand.reasonOf(1, 4), "three levels down");
        assertEquals(MbaLevelCommand.REASON_CONGESTION_ONSET, MbaLevelCommand.reasonOf(2, 4), "two levels down");
        assertEquals(MbaLevelCommand.REASON_STEP_DOWN, MbaLevelCommand.reasonOf(4, 5), "one level more throttling");
        assertEquals(MbaLevelCommand.REASON_STEP_UP, MbaLevelCommand.reasonOf(5, 4), "one level less");
        assertEquals(MbaLevelCommand.REASON_STEP_UP, MbaLevelCommand.reasonOf(7, 1), "any move up");
        assertEquals(MbaLevelCommand.REASON_UNSPECIFIED, MbaLevelCommand.reasonOf(3, 3), "no move");
    }

    @Test
    void shouldHoldAndCopyADecisionsFields()
    {
        final MbaLevelCommandRecord command = new MbaLevelCommandRecord().set(1, 4, 2, 3_000L);
        final MbaLevelCommandRecord copy = new MbaLevelCommandRecord().copyFrom(command);
        assertEquals(1, copy.group());
        assertEquals(4, copy.level());
        assertEquals(2, copy.reasonCode());
        assertEquals(3_000L, copy.nowNs());

        final RateUpdateRecord update = new RateUpdateRecord().set(12, 41.5, 4_000L);
        final RateUpdateRecord kept = new RateUpdateRecord().copyFrom(update);
        update.set(13, 7.0, 5_000L);
        assertEquals(12, kept.qp());
        assertEquals(41.5, kept.rRevGbps(), 0.0);
        assertEquals(4_000L, kept.nowNs());
    }
}
