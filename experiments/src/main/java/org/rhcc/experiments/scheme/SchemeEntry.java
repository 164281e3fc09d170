package org.rhcc.experiments.scheme;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.rhcc.core.control.ControllerConfig;
import org.rhcc.core.control.InterHostCc;
import org.rhcc.core.control.Scheme;
import org.rhcc.experiments.UserInputException;
import org.rhcc.sim.api.ControllerHook;

/**
 * The registry entry of a congestion-control scheme an experiment can run ({@link org.rhcc.core.control.Scheme}
 * names the controllers themselves): a name used on the command line and in the results, and a
 * factory of the {@link org.rhcc.sim.api.ControllerHook} that implements it against the simulator.
 * <p>
 * A built-in scheme is also made of parts a distributed platform can run: the intra-host {@link Scheme} the
 * controller nodes run, and the {@link InterHostCc} the senders' NICs run (the simulator's, for a simulated platform).
 * A scheme registered without them runs in process only.
 *
 * @param name           lower-case name used with {@code --scheme} and in JSON/CSV ({@code dcqcn}, {@code rhcc},
 *                       {@code hostcc}, {@code rnic-only}, {@code cpu-only}, {@code hostcc-5level}, {@code hpcc},
 *                       {@code rhcc+hpcc}, {@code swift}, {@code rhcc+swift}).
 * @param description    one line for {@code rhcc list}.
 * @param parameterNames the {@code --set} keys this scheme understands, in the order to list them.
 * @param factory        creates one controller per run.
 * @param intraHost      the controllers' scheme ({@link Scheme#DCQCN} for none), or null for an in-process-only scheme.
 * @param interHost      the inter-host CC providing R_cc.
 */
public record SchemeEntry(String name, String description, List<String> parameterNames, HookFactory factory,
    Scheme intraHost, InterHostCc interHost)
{
    /**
     * Validates and copies the arguments.
     */
    public SchemeEntry
    {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(factory, "factory");
        Objects.requireNonNull(interHost, "interHost");
        if (!name.matches("[a-z][a-z0-9-]*(\\+[a-z][a-z0-9-]*)?"))
        {
            throw new IllegalArgumentException("scheme name '" + name + "' must be lower-case letters, digits, '-', " +
                "optionally '+' and the inter-host CC");
        }
        parameterNames = List.copyOf(parameterNames);
    }

    /**
     * A scheme that runs in process only, over DCQCN.
     *
     * @param name           see the record.
     * @param description    see the record.
     * @param parameterNames see the record.
     * @param factory        see the record.
     */
    public SchemeEntry(final String name, final String description, final List<String> parameterNames,
        final HookFactory factory)
    {
        this(name, description, parameterNames, factory, null, InterHostCc.DCQCN);
    }

    /**
     * @param newFactory another factory (e.g. one that wraps each controller).
     * @return a copy with the other factory and the same parts.
     */
    public SchemeEntry withFactory(final HookFactory newFactory)
    {
        return new SchemeEntry(name, description, parameterNames, newFactory, intraHost, interHost);
    }

    /**
     * @return true when a distributed platform can run the scheme ({@link #intraHost()} is known).
     */
    public boolean hasParts()
    {
        return null != intraHost;
    }

    /**
     * The scheme on another platform: the intra-host controller that platform built for {@link #intraHost()}, with
     * this scheme's inter-host CC and its parameters from the run's overrides.
     *
     * @param intraHostHook the platform's controller of {@link #intraHost()}.
     * @param params        the run's overrides.
     * @return the hook to attach to the simulator.
     */
    public ControllerHook onPlatform(final ControllerHook intraHostHook, final Map<String, String> params)
    {
        return InterHostCcHook.over(intraHostHook, interHost, params);
    }

    /**
     * Parses this scheme's parameters among the overrides as its controllers and its inter-host CC will, so that a
     * bad value is refused before any run starts.
     *
     * @param params       the overrides; keys that are not this scheme's are ignored.
     * @param lineRateGbps the sender NICs' line rate, Gbit/s.
     * @throws UserInputException naming the parameter and value that does not parse or is out of range.
     */
    public void checkParameters(final Map<String, String> params, final double lineRateGbps)
    {
        if (null != intraHost)
        {
            try
            {
                ControllerConfig.of(intraHost, lineRateGbps, params);
            }
            catch (final IllegalArgumentException ex)
            {
                throw new UserInputException(ex.getMessage());
            }
        }
        InterHostCcKeys.settings(interHost, params);
    }
}
