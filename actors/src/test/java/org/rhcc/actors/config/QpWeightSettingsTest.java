package org.rhcc.actors.config;

import java.util.Map;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import org.junit.jupiter.api.Test;
import org.rhcc.core.control.SenderController;
import org.rhcc.core.sender.QpStateTable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code rhcc.sender.qp-weights}: parsed into the {@code qp_weights} controller parameter of the autostart session, and
 * every mistake refused with one line naming the entry.
 */
class QpWeightSettingsTest
{
    @Test
    void shouldTurnEntriesIntoTheRangesForm()
    {
        assertEquals("0-3,8:1;4-7:4", QpWeightSettings.parameterValue(
            rhcc("[ { qps = \"0-3,8\", weight = 1 }, { qps = \"4-7\", weight = 4 } ]"), 16));
        assertEquals("5:255", QpWeightSettings.parameterValue(rhcc("[ { qps = 5, weight = 255 } ]"), 0));
        assertEquals("", QpWeightSettings.parameterValue(rhcc("[]"), 8));
    }

    @Test
    void shouldOpenTheAutostartSessionsQpsWithTheWeights()
    {
        final NodeSettings settings = NodeSettings.from(RhccConfig.load(null, Map.of(
            "rhcc.session.autostart", "on",
            "rhcc.session.qp-count", 8,
            "rhcc.sender.qp-weights", java.util.List.of(Map.of("qps", "0-3", "weight", 1),
                Map.of("qps", "4-7", "weight", 4)))));
        assertEquals("0-3:1;4-7:4", settings.autostart().params().get("qp_weights"));
        final QpStateTable table = SenderController.openedTable(settings.autostart().controllerConfig().sender(), 8);
        assertEquals(1, table.weight(3));
        assertEquals(4, table.weight(4));
        assertEquals(200, table.dThrNs(4));
    }

    @Test
    void shouldRefuseWeightsOutsideTheirRange()
    {
        assertMessage("[ { qps = \"0-3\", weight = 0 } ]", 0,
            "rhcc.sender.qp-weights[0].weight = 0 must be within 1..255: leave the QPs out to keep them unweighted");
        assertMessage("[ { qps = \"0\", weight = 1 }, { qps = \"1\", weight = 300 } ]", 0,
            "rhcc.sender.qp-weights[1].weight = 300 must be within 1..255");
        assertMessage("[ { qps = \"0\", weight = heavy } ]", 0,
            "rhcc.sender.qp-weights[0].weight = \"heavy\" is not a whole number");
    }

    @Test
    void shouldRefuseMalformedAndOverlappingRanges()
    {
        assertMessage("[ { qps = \"0-3\", weight = 1 }, { qps = \"2-5\", weight = 2 } ]", 0,
            "QP 2 is in both '0-3' and '2-5'");
        assertMessage("[ { qps = \"3-1\", weight = 1 } ]", 0, "QP range '3-1' ends before it starts");
        assertMessage("[ { qps = \"0-x\", weight = 1 } ]", 0, "QP 'x' is not a QP number");
        assertMessage("[ { qps = \"0:3\", weight = 1 } ]", 0, "qps = '0:3' is not a QP list");
        assertMessage("[ { qps = \"0-3\" } ]", 0, "rhcc.sender.qp-weights[0] needs both qps and weight");
        assertMessage("[ { qps = \"0-3\", weight = 1, wieght = 2 } ]", 0, "unknown key 'wieght'");
        assertMessage("{ qps = \"0-3\" }", 0, "must be a list of");
    }

    @Test
    void shouldRefuseQpsBeyondTheSessionsCount()
    {
        assertMessage("[ { qps = \"0-3\", weight = 1 }, { qps = \"4-8\", weight = 2 } ]", 8,
            "rhcc.sender.qp-weights names QP 8, beyond rhcc.session.qp-count = 8 (QPs 0..7)");
        assertEquals("0-8:1", QpWeightSettings.parameterValue(rhcc("[ { qps = \"0-8\", weight = 1 } ]"), 0),
            "a count of 0 (not known) bounds nothing");
    }

    @Test
    void shouldRefuseWeightsSetTwice()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> NodeSettings.from(RhccConfig.load(null, Map.of(
                "rhcc.session.autostart", "on",
                "rhcc.session.params.qp_weights", "1,2",
                "rhcc.sender.qp-weights", java.util.List.of(Map.of("qps", "0", "weight", 1))))));
        assertTrue(ex.getMessage().contains("both set QP weights: keep one of them"), ex.getMessage());
    }

    private static Config rhcc(final String weights)
    {
        return ConfigFactory.parseString("sender.qp-weights = " + weights);
    }

    private static void assertMessage(final String weights, final int qpCount, final String expected)
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> QpWeightSettings.parameterValue(rhcc(weights), qpCount));
        assertTrue(ex.getMessage().contains(expected), ex.getMessage());
        assertTrue(ex.getMessage().startsWith("rhcc.sender.qp-weights"), ex.getMessage());
        assertEquals(-1, ex.getMessage().indexOf('\n'), "one line");
    }
}
