package org.rhcc.actors;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The packages of {@code org.rhcc.actors} form no cycle: the node wires its roles, and the roles use the node's
 * context ({@code org.rhcc.actors.context}), never the node itself. A failure lists every cycle with the classes whose
 * dependencies close it.
 */
class PackageCyclesTest
{
    @Test
    void shouldKeepTheActorsPackagesFreeOfCycles()
    {
        final JavaClasses classes = new ClassFileImporter()
            .withImportOption(new ImportOption.DoNotIncludeTests())
            .importPackages("org.rhcc.actors");

        slices().matching("org.rhcc.actors.(*)..").should().beFreeOfCycles().check(classes);
    }
}
