package org.rhcc.metrics;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * metrics is what a node tells its operator, and a node runs no experiment harness (docs/design.md §1): no class of
 * {@code org.rhcc.metrics}, main or test, depends on {@code org.rhcc.experiments}. An experiment's progress metrics
 * belong to the command that runs it (cli). The pom has no dependency on experiments, so this holds by construction;
 * the test keeps the dependency from coming back unnoticed.
 */
class ModuleDependencyTest
{
    @Test
    void shouldNotDependOnTheExperimentHarness()
    {
        final JavaClasses classes = new ClassFileImporter().importPackages("org.rhcc.metrics");

        noClasses().that().resideInAPackage("org.rhcc.metrics..")
            .should().dependOnClassesThat().resideInAPackage("org.rhcc.experiments..")
            .check(classes);
    }
}
