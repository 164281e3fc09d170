package org.rhcc.core.control;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.rhcc.core.port.MbaActuator;
import org.rhcc.core.signal.IioSampleRecord;
import org.rhcc.core.signal.MbaLevelCommand;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReceiverControllerTest
{
    static final class RecordingActuator implements MbaActuator
    {
        final int[] levels = { 1, 1 };
        final List<Integer> reasons = new ArrayList<>();
        int refuseLevel = Integer.MAX_VALUE;
        int resets;

        public int groupCount()
        {
            return levels.length;
        }

        public void apply(final MbaLevelCommand command)
        {
            final int group = command.group();
            final int level = command.level();
            if (level >= refuseLevel)
            {
                throw new IllegalStateException("schemata write failed");
            }
            levels[group] = level;
            reasons.add(command.reasonCode());
        }

        public void resetToUnthrottled()
        {
            resets++;
            levels[0] = 1;
            levels[1] = 1;
        }
    }

    private static ReceiverController controller(
        final Scheme scheme, final MbaActuator actuator, final List<String> journal, final List<Boolean> marks)
    {
        return new ReceiverController(ControllerConfig.defaults(scheme, 100.0), actuator,
            (on, t) -> marks.add(on), (g, l, t) -> journal.add(g + "->" + l));
    }

    @Test
    void shouldApplyCascadeDecisionsThroughActuatorAndObserver()
    {
        final RecordingActuator actuator = new RecordingActuator();
        final List<String> journal = new ArrayList<>();
        final ReceiverController controller = controller(Scheme.RHCC, actuator, journal, new ArrayList<>());
        assertEquals(0, controller.onIioSample(new IioSampleRecord().set(20.0, 90.0, 400)));
        assertEquals(1, controller.onIioSample(new IioSampleRecord().set(200.0, 90.0, 800)));
        assertEquals(4, actuator.levels[1]);
        assertEquals(4, controller.level(1));
        assertEquals(List.of("1->4"), journal);
        assertEquals(List.of(MbaLevelCommand.REASON_CONGESTION_ONSET), actuator.reasons, "three levels at once");
    }

    @Test
    void shouldReportEveryChangeOfItsVerdictWhenTheSenderLoopReadsIt()
    {
        final List<String> reports = new ArrayList<>();
        final ReceiverController gated = new ReceiverController(ControllerConfig.defaults(Scheme.RHCC_GATED, 100.0),
            new RecordingActuator(), (on, t) -> { }, (congested, t) -> reports.add(congested + "@" + t),
            (g, l, t) -> { });
        gated.onIioSample(new IioSampleRecord().set(20.0, 0.0, 400));
        gated.onIioSample(new IioSampleRecord().set(200.0, 0.0, 800));
        gated.onIioSample(new IioSampleRecord().set(200.0, 0.0, 1_200));
        gated.onIioSample(new IioSampleRecord().set(0.0, 0.0, 1_600));
        gated.onIioSample(new IioSampleRecord().set(0.0, 0.0, 2_000));
        // Eq. (1) with g_IIO = 0.25: I_cur 5, 53.75, 90.3, 67.7, 50.8 (above I_thr = 45 from the second sample on),
        // then 38.1 at 2,400 ns: one report per change, each at the sample that made it
        gated.onIioSample(new IioSampleRecord().set(0.0, 0.0, 2_400));
        assertEquals(List.of("true@800", "false@2400"), reports);
        assertFalse(gated.congested());

        final List<String> none = new ArrayList<>();
        final ReceiverController paper = new ReceiverController(ControllerConfig.defaults(Scheme.RHCC, 100.0),
            new RecordingActuator(), (on, t) -> { }, (congested, t) -> none.add(congested + "@" + t),
            (g, l, t) -> { });
        paper.onIioSample(new IioSampleRecord().set(200.0, 0.0, 800));
        assertTrue(paper.congested());
        assertEquals(List.of(), none, "rhcc's sender loop does not read the receiver: nothing to report");
    }

    @Test
    void shouldEnterFailSafeWhenActuatorRefuses()
    {
        final RecordingActuator actuator = new RecordingActuator();
        actuator.refuseLevel = 4;
        final ReceiverController controller = controller(Scheme.RHCC, actuator, new ArrayList<>(), new ArrayList<>());
        controller.onIioSample(new IioSampleRecord().set(200.0, 0.0, 0));
        assertTrue(controller.failSafe());
        assertTrue(controller.failure().contains("schemata write failed"));
        assertEquals(1, actuator.resets);
        assertEquals(1, controller.level(1));
        assertEquals(0, controller.onIioSample(new IioSampleRecord().set(500.0, 0.0, 1_000_000)),
            "no decisions in fail-safe");
    }

    @Test
    void shouldStopMarkingInFailSafe()
    {
        final RecordingActuator actuator = new RecordingActuator();
        final List<Boolean> marks = new ArrayList<>();
        final ReceiverController controller = controller(Scheme.HOSTCC_5LEVEL, actuator, new ArrayList<>(), marks);
        controller.onIioSample(new IioSampleRecord().set(100.0, 10.0, 0));
        assertEquals(2, actuator.levels[0]);
        assertEquals(2, actuator.levels[1]);
        assertFalse(controller.failSafe());
        assertEquals(List.of(true), marks);
        controller.enterFailSafe("operator");
        assertEquals(1, controller.level(0));
        controller.onIioSample(new IioSampleRecord().set(100.0, 10.0, 1_000_000));
        assertEquals(List.of(true, false), marks, "the fail-safe ends CE marking at the next sample");
        assertFalse(controller.marking());
    }
}
