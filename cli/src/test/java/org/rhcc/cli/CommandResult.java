package org.rhcc.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * What one in-process {@code rhcc} invocation printed and returned.
 *
 * @param exitCode the exit code.
 * @param out      standard output.
 * @param err      standard error.
 */
record CommandResult(int exitCode, String out, String err)
{
    static CommandResult run(final String... args)
    {
        final StringWriter out = new StringWriter();
        final StringWriter err = new StringWriter();
        final int exitCode = RhccCommand.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new CommandResult(exitCode, out.toString(), err.toString());
    }
}
