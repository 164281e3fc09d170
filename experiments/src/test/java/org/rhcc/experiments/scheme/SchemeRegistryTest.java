package org.rhcc.experiments.scheme;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.rhcc.experiments.UserInputException;
import org.rhcc.sim.api.ControllerHook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class SchemeRegistryTest
{
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
            .register(new SchemeEntry("swift", "test", List.of(), (params) -> ControllerHook.NONE));

        final List<SchemeEntry> schemes = registry.parse(List.of("rnic-only,dcqcn", "rnic-only", "swift"));

        assertEquals(List.of("rnic-only", "dcqcn", "swift"), schemes.stream().map(SchemeEntry::name).toList());
    }

    @Test
    void shouldListTheKnownSchemesForAnUnknownOne()
    {
        final UserInputException unknown = assertThrows(UserInputException.class,
            () -> SchemeRegistry.builtIn().parse(List.of("dcqcn,timely")));
        final UserInputException empty = assertThrows(UserInputException.class,
            () -> SchemeRegistry.builtIn().parse(List.of("dcqcn,")));

        assertEquals(
            "unknown scheme 'timely'; known schemes: dcqcn, rhcc, hostcc, rnic-only, cpu-only, hostcc-5level",
            unknown.getMessage());
        assertEquals("empty scheme name in --scheme 'dcqcn,'; known schemes: dcqcn, rhcc, hostcc, rnic-only, " +
            "cpu-only, hostcc-5level",
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
}
