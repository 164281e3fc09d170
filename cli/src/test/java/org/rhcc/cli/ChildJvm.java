package org.rhcc.cli;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts a class of the test classpath in a child JVM (the tests' own JDK and classpath).
 */
final class ChildJvm
{
    private ChildJvm()
    {
    }

    /**
     * @param jvmOptions options before the class path, e.g. {@code -XX:TieredStopAtLevel=1}.
     * @param mainClass  the class to run.
     * @param args       its arguments.
     * @return the process builder, not started.
     */
    static ProcessBuilder java(final List<String> jvmOptions, final String mainClass, final String... args)
    {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path") + File.pathSeparator +
            System.getProperty("surefire.test.class.path", ""));
        command.add(mainClass);
        command.addAll(List.of(args));
        return new ProcessBuilder(command);
    }
}
