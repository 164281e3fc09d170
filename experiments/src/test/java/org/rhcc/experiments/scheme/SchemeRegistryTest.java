package org.rhcc.experiments.scheme;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.rhcc.core.control.InterHostCc;
import org.rhcc.core.control.Scheme;
import org.rhcc.experiments.UserInputException;
import org.rhcc.sim.api.CcSettings;
import org.rhcc.sim.api.ControllerHook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SchemeRegistryTest
{
    private static final String KNOWN = "dcqcn, rhcc, rhcc-gated, hostcc, rnic-only, cpu-only, hostcc-5level, " +
        "hostcc-emulated, hpcc, rhcc+hpcc, rhcc-gated+hpcc, swift, rhcc+swift, rhcc-gated+swift";

    @Test
    void shouldMapDcqcnToNoIntraHostController()
    {
        final SchemeEntry dcqcn = SchemeRegistry.builtIn().find("dcqcn");

        assertSame(ControllerHook.NONE, dcqcn.factory().create(Map.of()));
    }

    @Test
    void shouldParseCommaSeparatedListsKeepingOrderAndDroppingDuplicates()
    {
        final SchemeRegistry registry = SchemeRegistry.builtIn()
            .register(new SchemeEntry("timely", "test", List.of(), (params) -> ControllerHook.NONE));

        final List<SchemeEntry> schemes = registry.parse(List.of("rnic-only,dcqcn", "rnic-only", "timely"));

        assertEquals(List.of("rnic-only", "dcqcn", "timely"), schemes.stream().map(SchemeEntry::name).toList());
    }

    @Test
    void shouldListTheKnownSchemesForAnUnknownOne()
    {
        final UserInputException unknown = assertThrows(UserInputException.class,
            () -> SchemeRegistry.builtIn().parse(List.of("dcqcn,timely")));
        final UserInputException empty = assertThrows(UserInputException.class,
            () -> SchemeRegistry.builtIn().parse(List.of("dcqcn,")));

        assertEquals(
            "unknown scheme 'timely'; known schemes: " + KNOWN,
            unknown.getMessage());
        assertEquals("empty scheme name in --scheme 'dcqcn,'; known schemes: " + KNOWN,
            empty.getMessage());
    }

    @Test
    void shouldRejectBadOrDuplicateNames()
    {
        assertThrows(IllegalArgumentException.class,
            () -> new SchemeEntry("Bad Name", "x", List.of(), (params) -> ControllerHook.NONE));
        assertThrows(IllegalArgumentException.class, () -> SchemeRegistry.builtIn()
            .register(new SchemeEntry("dcqcn", "again", List.of(), (params) -> ControllerHook.NONE)));
    }

    @Test
    void shouldPairEachInterHostCcWithAndWithoutRhcc()
    {
        final SchemeRegistry registry = SchemeRegistry.builtIn();

        for (final InterHostCc cc : List.of(InterHostCc.HPCC, InterHostCc.SWIFT))
        {
            final ControllerHook alone = registry.find(cc.label()).factory().create(Map.of());
            final ControllerHook withRhcc = registry.find("rhcc+" + cc.label()).factory().create(Map.of());

            assertEquals(cc, alone.interHostCc().cc());
            assertEquals(cc, withRhcc.interHostCc().cc());
            assertFalse(alone.wantsProbes() || alone.wantsIioSamples(), "no intra-host loop in " + cc.label());
            assertTrue(withRhcc.wantsProbes() && withRhcc.wantsIioSamples(), "RHCC's loops in rhcc+" + cc.label());
        }
        assertEquals(InterHostCc.DCQCN, registry.find("rhcc").factory().create(Map.of()).interHostCc().cc());
        assertEquals("rhcc+hpcc", SchemeRegistry.combined(Scheme.RHCC, InterHostCc.HPCC));
        assertEquals("rhcc", SchemeRegistry.combined(Scheme.RHCC, InterHostCc.DCQCN));
    }

    @Test
    void shouldTakeTheInterHostCcParametersFromSet()
    {
        final SchemeRegistry registry = SchemeRegistry.builtIn();

        final CcSettings hpcc = registry.find("rhcc+hpcc").factory().create(
            Map.of("hpcc_eta", "0.9", "hpcc_max_stage", "0", "hpcc_flows", "125", "g_probe", "0.5")).interHostCc();
        final CcSettings swift = registry.find("swift").factory().create(
            Map.of("swift_endpoint_margin_ns", "250")).interHostCc();

        assertEquals(new CcSettings(InterHostCc.HPCC, 0.9, 0, 125, CcSettings.SWIFT_ENDPOINT_MARGIN_NS), hpcc);
        assertEquals(250L, swift.swiftEndpointMarginNs());
        assertTrue(registry.find("rhcc+hpcc").parameterNames().containsAll(List.of("hpcc_eta", "g_probe")));
        assertEquals(List.of("swift_endpoint_margin_ns"), registry.find("swift").parameterNames());
    }

    @Test
    void shouldRefuseABadInterHostCcParameterOnOneLine()
    {
        final SchemeRegistry registry = SchemeRegistry.builtIn();

        assertEquals("--set hpcc_eta = 1.5 must be in (0, 1], e.g. 0.95", assertThrows(UserInputException.class,
            () -> registry.find("hpcc").factory().create(Map.of("hpcc_eta", "1.5"))).getMessage());
        assertEquals("--set hpcc_max_stage=five: not a whole number; e.g. hpcc_max_stage=5",
            assertThrows(UserInputException.class,
                () -> registry.find("hpcc").factory().create(Map.of("hpcc_max_stage", "five"))).getMessage());
        assertEquals("--set swift_endpoint_margin_ns = -1 must be within 0..1000000000 ns, e.g. 400",
            assertThrows(UserInputException.class, () -> registry.find("rhcc+swift").factory()
                .create(Map.of("swift_endpoint_margin_ns", "-1"))).getMessage());
    }
}
