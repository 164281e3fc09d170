package org.rhcc.nativeio.doctor;

import java.nio.file.Path;

/**
 * Runs {@link Doctor} without the {@code rhcc} launcher:
 * {@code java -cp rhcc-native.jar:rhcc-core.jar org.rhcc.nativeio.doctor.DoctorMain [--json] [--msr-root DIR]
 * [--cpuid-root DIR] [--resctrl-root DIR] [--sys-root DIR] [--proc-root DIR] [--cpu N]}.
 */
public final class DoctorMain
{
    private DoctorMain()
    {
    }

    /**
     * @param args see the class comment.
     */
    public static void main(final String[] args)
    {
        final Doctor.Context ctx = new Doctor.Context();
        boolean json = false;
        for (int i = 0; i < args.length; i++)
        {
            final String arg = args[i];
            if ("--json".equals(arg))
            {
                json = true;
                continue;
            }
            if (i + 1 >= args.length)
            {
                System.err.println("rhcc doctor: " + arg + " needs a value");
                System.exit(2);
            }
            final String value = args[++i];
            switch (arg)
            {
                case "--msr-root":
                    ctx.msrRoot(Path.of(value));
                    break;
                case "--cpuid-root":
                    ctx.cpuidRoot(Path.of(value));
                    break;
                case "--resctrl-root":
                    ctx.resctrlRoot(Path.of(value));
                    break;
                case "--sys-root":
                    ctx.sysRoot(Path.of(value));
                    break;
                case "--proc-root":
                    ctx.procRoot(Path.of(value));
                    break;
                case "--cpu":
                    ctx.cpu(Integer.parseInt(value));
                    break;
                default:
                    System.err.println("rhcc doctor: unknown option " + arg);
                    System.exit(2);
            }
        }
        final DoctorReport report = Doctor.examine(ctx);
        System.out.print(json ? report.toJson() : report.toText());
    }
}
