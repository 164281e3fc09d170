package org.rhcc.cli;

import picocli.CommandLine;

/**
 * {@code rhcc --version}: the version the runnable jar was built as (its manifest's {@code Implementation-Version}),
 * and the JVM running it.
 */
public final class VersionProvider implements CommandLine.IVersionProvider
{
    @Override
    public String[] getVersion()
    {
        final String version = RhccCommand.class.getPackage().getImplementationVersion();
        return new String[]
        {
            "rhcc " + (null == version ? "(development build)" : version),
            "JVM: ${java.version} (${java.vendor} ${java.vm.name} ${java.vm.version})",
        };
    }
}
