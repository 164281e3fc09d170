package org.rhcc.clusterservice;

import java.util.Collection;
import java.util.List;
import java.util.Map;

import org.rhcc.clustersim.SimPlatform;
import org.rhcc.experiments.RunHookFactory;
import org.rhcc.experiments.UserInputException;
import org.rhcc.experiments.scheme.SchemeEntry;
import org.rhcc.sim.api.ControllerHook;

/**
 * The experiment harness's runs on a {@link SimPlatform}: which of its schemes the controller nodes can run, and each
 * run's hook (the scheme's controllers in lockstep on the nodes, its inter-host CC on the platform).
 */
public final class ClusterHooks
{
    private ClusterHooks()
    {
    }

    /**
     * @param schemes schemes a command wants to run through the cluster.
     * @throws UserInputException naming the first scheme the controller nodes cannot run (one registered without its
     *                            intra-host and inter-host parts, e.g. a test's scheme).
     */
    public static void requireClusterSchemes(final Collection<SchemeEntry> schemes)
    {
        for (final SchemeEntry entry : schemes)
        {
            if (!entry.hasParts())
            {
                throw new UserInputException("scheme '" + entry.name() + "' cannot run through the cluster: it is " +
                    "not made of a controller scheme the nodes know and an inter-host CC; run it with --via inproc");
            }
        }
    }

    /**
     * @param platform the simulated platform.
     * @param scheme   a scheme with its parts ({@link SchemeEntry#hasParts()}).
     * @param params   the run's parameter overrides, in order.
     * @return the scheme for one run: its controllers in lockstep on the nodes, its inter-host CC on the platform.
     * @throws UserInputException if the controller nodes cannot run the scheme.
     */
    public static ControllerHook hook(final SimPlatform platform, final SchemeEntry scheme,
        final Map<String, String> params)
    {
        requireClusterSchemes(List.of(scheme));
        return scheme.onPlatform(platform.hook(scheme.intraHost().label(), params), params);
    }

    /**
     * @param platform the simulated platform.
     * @return each run's lockstep hook, for an {@link org.rhcc.experiments.ExperimentRunner} with one thread.
     */
    public static RunHookFactory hookFactory(final SimPlatform platform)
    {
        return (run) -> hook(platform, run.schemeEntry(), run.params());
    }
}
