package org.rhcc.experiments.scheme;

import java.util.List;
import java.util.Objects;

/**
 * The registry entry of a congestion-control scheme an experiment can run ({@link org.rhcc.core.control.Scheme}
 * names the controllers themselves): a name used on the command line and in the results, and a
 * factory of the {@link org.rhcc.sim.api.ControllerHook} that implements it against the simulator.
 *
 * @param name           lower-case name used with {@code --scheme} and in JSON/CSV ({@code dcqcn}, {@code rhcc},
 *                       {@code hostcc}, {@code rnic-only}, {@code cpu-only}, {@code hostcc-5level}, {@code hpcc},
 *                       {@code rhcc+hpcc}, {@code swift}, {@code rhcc+swift}).
 * @param description    one line for {@code rhcc list}.
 * @param parameterNames the {@code --set} keys this scheme understands, in the order to list them.
 * @param factory        creates one controller per run.
 */
public record SchemeEntry(String name, String description, List<String> parameterNames, HookFactory factory)
{
    /**
     * Validates and copies the arguments.
     */
    public SchemeEntry
    {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(factory, "factory");
        if (!name.matches("[a-z][a-z0-9-]*(\\+[a-z][a-z0-9-]*)?"))
        {
            throw new IllegalArgumentException("scheme name '" + name + "' must be lower-case letters, digits, '-', " +
                "optionally '+' and the inter-host CC");
        }
        parameterNames = List.copyOf(parameterNames);
    }
}
