package org.rhcc.nativeio.failsafe;

import org.rhcc.nativeio.resctrl.LinuxResctrlFs;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Command-line entry of the watchdog for use without the {@code rhcc} launcher:
 * <pre>
 * java -cp rhcc-native.jar:rhcc-core.jar org.rhcc.nativeio.failsafe.FailsafeMain \
 *     --heartbeat /run/rhcc/heartbeat --timeout-ms 500 [--resctrl-root /sys/fs/resctrl] \
 *     [--groups rhcc-local,rhcc-xnuma] [--action reset|rmdir] [--poll-ms N] [--proc-root /proc] \
 *     [--exit-after-restore]
 * java ... FailsafeMain --reset-now [--resctrl-root DIR] [--groups ...] [--action ...]
 * </pre>
 * {@code rhcc failsafe} takes the same options. Exit status: 0 restored/stopped, 1 restore failed, 2 bad usage.
 */
public final class FailsafeMain
{
    private FailsafeMain()
    {
    }

    /**
     * @param args see the class comment.
     */
    public static void main(final String[] args)
    {
        final int status;
        try
        {
            status = run(args);
        }
        catch (final IllegalArgumentException ex)
        {
            System.err.println("rhcc failsafe: " + ex.getMessage());
            System.exit(2);
            return;
        }
        System.exit(status);
    }

    /**
     * @param args see the class comment.
     */
    public static int run(final String[] args)
    {
        final FailsafeWatchdog.Context ctx = new FailsafeWatchdog.Context();
        Path resctrlRoot = LinuxResctrlFs.DEFAULT_ROOT;
        List<String> groups = List.of("rhcc-local", "rhcc-xnuma");
        RestoreAction action = RestoreAction.RESET;
        boolean resetNow = false;
        for (int i = 0; i < args.length; i++)
        {
            final String arg = args[i];
            switch (arg)
            {
                case "--heartbeat":
                    ctx.heartbeatFile(Path.of(value(args, ++i, arg)));
                    break;
                case "--timeout-ms":
                    ctx.timeoutMs(number(value(args, ++i, arg), arg));
                    break;
                case "--poll-ms":
                    ctx.pollMs(number(value(args, ++i, arg), arg));
                    break;
                case "--resctrl-root":
                    resctrlRoot = Path.of(value(args, ++i, arg));
                    break;
                case "--groups":
                    groups = Arrays.asList(value(args, ++i, arg).split(","));
                    break;
                case "--action":
                    action = action(value(args, ++i, arg));
                    break;
                case "--proc-root":
                    ctx.procRoot(Path.of(value(args, ++i, arg)));
                    break;
                case "--exit-after-restore":
                    ctx.exitAfterRestore(true);
                    break;
                case "--reset-now":
                    resetNow = true;
                    break;
                default:
                    throw new IllegalArgumentException("unknown option '" + arg + "' (options: --heartbeat FILE " +
                        "--timeout-ms N --resctrl-root DIR --groups a,b --action reset|rmdir --poll-ms N " +
                        "--proc-root DIR --exit-after-restore --reset-now)");
            }
        }
        final LinuxResctrlFs fs = new LinuxResctrlFs(resctrlRoot);
        if (resetNow)
        {
            final List<String> report = ResctrlFailsafe.restore(fs, groups, action);
            report.forEach((line) -> System.out.println("rhcc failsafe: " + line));
            return ResctrlFailsafe.succeeded(report) ? 0 : 1;
        }
        final FailsafeWatchdog watchdog = new FailsafeWatchdog(ctx.fs(fs).groups(groups).action(action));
        Runtime.getRuntime().addShutdownHook(new Thread(watchdog::stop, "rhcc-failsafe-stop"));
        return watchdog.run();
    }

    /**
     * @param text {@code reset} or {@code rmdir}, any case.
     */
    public static RestoreAction action(final String text)
    {
        try
        {
            return RestoreAction.valueOf(text.toUpperCase(Locale.ROOT));
        }
        catch (final IllegalArgumentException ex)
        {
            throw new IllegalArgumentException("--action must be reset or rmdir, got '" + text + "'", ex);
        }
    }

    private static String value(final String[] args, final int i, final String option)
    {
        if (i >= args.length)
        {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[i];
    }

    private static long number(final String text, final String option)
    {
        try
        {
            return Long.parseLong(text);
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException(option + " needs a whole number, got '" + text + "'", ex);
        }
    }
}
