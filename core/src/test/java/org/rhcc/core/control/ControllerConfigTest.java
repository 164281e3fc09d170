package org.rhcc.core.control;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ControllerConfigTest
{
    private final ControllerConfig defaults = ControllerConfig.defaults(Scheme.RHCC, 100.0);

    @Test
    void shouldStartFromPaperDefaults()
    {
        assertEquals(45.0, defaults.iThr(), 0.0);
        assertEquals(0.25, defaults.gIio(), 0.0);
        assertEquals(200, defaults.sender().dThrNs());
        assertEquals(0.0005, defaults.sender().alpha(), 0.0);
        assertEquals(45.0, defaults.hostCcIT(), 0.0);
    }

    @Test
    void shouldApplyOverridesAndKeepHostCcThresholdFollowingIthr()
    {
        final ControllerConfig c = defaults.withOverride("i_thr", "60").withOverride("d_thr_ns", "400")
            .withOverride("step_down_us", "5");
        assertEquals(60.0, c.iThr(), 0.0);
        assertEquals(60.0, c.hostCcIT(), 0.0);
        assertEquals(400, c.sender().dThrNs());
        assertEquals(5_000L, c.cascade().stepDownIntervalNs());
        assertEquals(70.0, c.withOverride("hostcc_i_t", "70").withOverride("i_thr", "30").hostCcIT(), 0.0);
    }

    @Test
    void shouldCarryQpWeightsThroughOtherSenderOverrides()
    {
        final ControllerConfig c = ControllerConfig.of(Scheme.RHCC, 50.0, new java.util.LinkedHashMap<>(
            java.util.Map.of("qp_weights", "1,2,4,8")))
            .withOverride("alpha", "0.001").withOverride("weight_unit_gbps", "2.5").withOverride("d_thr_ns", "300");
        assertEquals(8, c.sender().qpWeights().weightOf(7));
        assertEquals(2.5, c.sender().weightUnitGbps(), 0.0);
        assertEquals(0.001, c.sender().alpha(), 0.0);
        assertEquals(2.5, c.sender().unitRateGbps(), 0.0);
        assertEquals(50.0 / 15, c.withOverride("weight_unit_gbps", "0").sender().unitRateGbps(), 1e-12,
            "auto R_unit is R_line / the sum of the weights 1, 2, 4, 8");
        assertEquals(3.125, ControllerConfig.defaults(Scheme.RHCC, 50.0).sender().unitRateGbps(), 0.0,
            "auto R_unit without configured weights is R_line / 16");
        assertTrue(defaults.sender().qpWeights().isNone());
        assertTrue(SenderController.openedTable(c.sender(), 4, 4).weight(3) == 8, "block QP 3 is host QP 7");
    }

    @Test
    void shouldRejectBadWeightsNamingTheKey()
    {
        final IllegalArgumentException zero =
            assertThrows(IllegalArgumentException.class, () -> defaults.withOverride("qp_weights", "1,0,2"));
        assertTrue(zero.getMessage().contains("qp_weights = '1,0,2'") && zero.getMessage().contains("1..255"),
            zero.getMessage());
        final IllegalArgumentException unit =
            assertThrows(IllegalArgumentException.class, () -> defaults.withOverride("weight_unit_gbps", "fast"));
        assertTrue(unit.getMessage().contains("weight_unit_gbps"), unit.getMessage());
        assertThrows(IllegalArgumentException.class, () -> defaults.withOverride("weight_unit_gbps", "-1"));
    }

    @Test
    void shouldGiveHostCcItsPublishedThresholdAndTheFiveLevelVariantRhccs()
    {
        final ControllerConfig hostCc = ControllerConfig.defaults(Scheme.HOSTCC, 100.0);
        assertEquals(70.0, hostCc.hostCcIT(), 0.0);
        assertEquals(84.0, hostCc.hostCcBTGbps(), 0.0);
        assertEquals(150_000L, hostCc.hostCcRelaxNs());
        assertEquals(70.0, hostCc.withOverride("i_thr", "70").withOverride("i_thr", "30").hostCcIT(), 0.0,
            "hostcc's I_T is its own, whatever I_thr is");
        final ControllerConfig fiveLevel = ControllerConfig.defaults(Scheme.HOSTCC_5LEVEL, 100.0);
        assertEquals(45.0, fiveLevel.hostCcIT(), 0.0);
        assertEquals(60.0, fiveLevel.withOverride("i_thr", "60").hostCcIT(), 0.0);
    }

    @Test
    void shouldBuildFromOverridesSkippingPlatformKeysAndBindingTheLineRate()
    {
        final ControllerConfig c = ControllerConfig.of(Scheme.RHCC, 25.0,
            java.util.Map.of("io.creditsLines", "96", "d_thr_ns", "300"));
        assertEquals(300, c.sender().dThrNs());
        assertEquals(25.0, c.sender().rLineGbps(), 0.0);
        assertEquals(1.0, c.sender().rMinGbps(), 0.0);
        assertEquals(0.5, ControllerConfig.of(Scheme.RHCC, 0.5, java.util.Map.of()).sender().rMinGbps(), 0.0);
        assertThrows(IllegalArgumentException.class,
            () -> ControllerConfig.of(Scheme.RHCC, 100.0, java.util.Map.of("alpha", "fast")));
    }

    @Test
    void shouldRejectUnknownKeysAndBadValuesClearly()
    {
        final IllegalArgumentException unknown =
            assertThrows(IllegalArgumentException.class, () -> defaults.withOverride("ithr", "4"));
        assertTrue(unknown.getMessage().contains("i_thr"), unknown.getMessage());
        final IllegalArgumentException notNumber =
            assertThrows(IllegalArgumentException.class, () -> defaults.withOverride("alpha", "fast"));
        assertTrue(notNumber.getMessage().contains("not a number"));
        assertThrows(IllegalArgumentException.class, () -> defaults.withOverride("d_thr_ns", "-5"));
        assertThrows(IllegalArgumentException.class, () -> defaults.withOverride("g_iio", "2"));
    }

    @Test
    void shouldParseSchemeLabels()
    {
        assertEquals(Scheme.RNIC_ONLY, Scheme.parse("rnic-only"));
        assertEquals("cpu-only", Scheme.CPU_ONLY.label());
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Scheme.parse("timely"));
        assertTrue(e.getMessage().contains("hostcc"));
    }

    @Test
    void shouldAddTheProtectedGroupThroughItsKeyAndRemoveItWithZero()
    {
        final ControllerConfig config = ControllerConfig.defaults(Scheme.RHCC, 100.0)
            .withOverride("protected_floor_level", "2");
        assertEquals(3, config.cascade().groups().size());
        assertEquals(2, config.cascade().protectedFloorLevel());
        assertEquals(ControllerConfig.defaults(Scheme.RHCC, 100.0).cascade(),
            config.withOverride("protected_floor_level", "0").cascade());
        final IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
            () -> config.withOverride("protected_floor_level", "7"));
        assertTrue(bad.getMessage().contains("outside 1..5"), bad.getMessage());
        assertThrows(IllegalArgumentException.class, () -> config.withOverride("protected_floor_level", "x"));
        assertTrue(ControllerConfig.KEYS.containsKey("protected_floor_level"));
    }
}
