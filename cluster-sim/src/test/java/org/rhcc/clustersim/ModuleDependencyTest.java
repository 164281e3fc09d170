package org.rhcc.clustersim;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * cluster-sim is the simulated platform under the experiment harness, not above it (docs/design.md §1): no class of
 * {@code org.rhcc.clustersim}, main or test, depends on {@code org.rhcc.experiments}. What binds the harness to the
 * platform lives in cluster-service. The pom has no dependency on experiments, so this holds by construction; the
 * test keeps the dependency from coming back unnoticed.
 */
class ModuleDependencyTest
{
    @Test
    void shouldNotDependOnTheExperimentHarness()
    {
        final JavaClasses classes = new ClassFileImporter().importPackages("org.rhcc.clustersim");

        noClasses().that().resideInAPackage("org.rhcc.clustersim..")
            .should().dependOnClassesThat().resideInAPackage("org.rhcc.experiments..")
            .check(classes);
    }
}
