package org.rhcc.experiments.scheme;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.rhcc.core.control.ControllerConfig;
import org.rhcc.core.control.InterHostCc;
import org.rhcc.core.control.Scheme;
import org.rhcc.experiments.UserInputException;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.control.InProcessControllerHook;

/**
 * The schemes {@code rhcc experiment --scheme} accepts, by name, in registration order.
 * <p>
 * A new scheme (for example {@code rhcc}, {@code hostcc}, {@code rnic-only}, {@code cpu-only}, {@code hostcc-5level},
 * {@code hostcc-emulated}) is one more {@link #register(SchemeEntry)} call in {@link #builtIn()}; no experiment
 * changes.
 */
public final class SchemeRegistry
{
    /** The baseline: DCQCN only, no intra-host control. */
    public static final String DCQCN = "dcqcn";

    /** The inter-host CCs that can replace DCQCN, each run alone and with RHCC ({@code hpcc}, {@code rhcc+hpcc}). */
    public static final List<InterHostCc> OTHER_CCS = List.of(InterHostCc.HPCC, InterHostCc.SWIFT);

    /** The intra-host schemes run under each of {@link #OTHER_CCS} ({@code rhcc+hpcc}, {@code rhcc-gated+hpcc}). */
    public static final List<Scheme> UNDER_OTHER_CCS = List.of(Scheme.RHCC, Scheme.RHCC_GATED);

    private final Map<String, SchemeEntry> entriesByName = new LinkedHashMap<>();

    /**
     * @return the registry of every scheme shipped with rhcc.
     */
    public static SchemeRegistry builtIn()
    {
        final SchemeRegistry registry = new SchemeRegistry();
        registry.register(new SchemeEntry(
            DCQCN,
            "DCQCN only (vendor defaults), no intra-host control: the paper's baseline",
            List.of(),
            (params) -> ControllerHook.NONE,
            Scheme.DCQCN, InterHostCc.DCQCN));
        for (final Scheme scheme : Scheme.values())
        {
            if (Scheme.DCQCN != scheme)
            {
                registry.register(new SchemeEntry(scheme.label(), describe(scheme),
                    List.copyOf(ControllerConfig.KEYS.keySet()), (params) -> hook(scheme, params), scheme,
                    InterHostCc.DCQCN));
            }
        }
        for (final InterHostCc cc : OTHER_CCS)
        {
            registry.register(new SchemeEntry(cc.label(), describe(cc) + ", no intra-host control",
                InterHostCcKeys.keys(cc),
                (params) -> InterHostCcHook.over(ControllerHook.NONE, cc, params),
                Scheme.DCQCN, cc));
            final List<String> keys = new ArrayList<>(ControllerConfig.KEYS.keySet());
            keys.addAll(InterHostCcKeys.keys(cc));
            for (final Scheme intraHost : UNDER_OTHER_CCS)
            {
                registry.register(new SchemeEntry(combined(intraHost, cc),
                    describe(intraHost) + ", with R_cc from " + describe(cc), keys,
                    (params) -> InterHostCcHook.over(hook(intraHost, params), cc, params),
                    intraHost, cc));
            }
        }
        return registry;
    }

    /**
     * @param intraHost the intra-host scheme.
     * @param cc        the inter-host CC providing R_cc.
     * @return the scheme's name: the intra-host scheme's for DCQCN ({@code rhcc}), else {@code rhcc+hpcc}.
     */
    public static String combined(final Scheme intraHost, final InterHostCc cc)
    {
        return InterHostCc.DCQCN == cc ? intraHost.label() : intraHost.label() + "+" + cc.label();
    }

    private static String describe(final InterHostCc cc)
    {
        switch (cc)
        {
            case HPCC:
                return "HPCC (INT, eta 0.95, maxStage 5, W_AI = W_init (1 - eta) / N, T = the base RTT)";
            case SWIFT:
                return "Swift (fabric and endpoint delay; endpoint target = no-congestion host delay + margin)";
            default:
                return cc.label();
        }
    }

    private static String describe(final Scheme scheme)
    {
        switch (scheme)
        {
            case RHCC:
                return "RHCC: MBA cascade on IIO occupancy (receiver) and probe/PID receivable rate (sender)";
            case RHCC_GATED:
                return "RHCC with its sender loop gated by the receiver's IIO verdict in the probe response (and " +
                    "its ceiling only above D_thr): never worse than its inter-host CC alone";
            case HOSTCC:
                return "hostCC as published: I_T = 70, B_T = 84 Gbit/s; MBA 90 on the remote socket, then the MLC " +
                    "process paused; CE marking while occupancy exceeds I_T (DCQCN reacts)";
            case HOSTCC_5LEVEL:
                return "hostCC's rule over RHCC's 5-level MBA table for every group, I_T = I_thr; CE marking " +
                    "while occupancy exceeds I_T (DCQCN reacts)";
            case HOSTCC_EMULATED:
                return "the paper's hostCC emulation: RHCC's receiver loop, and RHCC's sender loop whose receivable " +
                    "rate may rise at most once per 300 us (DCQCN's rate-increase interval); cuts act at once";
            case RNIC_ONLY:
                return "ablation: RHCC's sender loop only";
            case CPU_ONLY:
                return "ablation: RHCC's receiver loop only";
            default:
                return scheme.label();
        }
    }

    /**
     * Builds the in-process controller of a scheme, applying the run's controller overrides.
     *
     * @param scheme the scheme.
     * @param params the run's overrides; keys that are not controller parameters are the simulator's.
     * @throws UserInputException for a bad controller parameter value.
     */
    static ControllerHook hook(final Scheme scheme, final Map<String, String> params)
    {
        try
        {
            // the line rate is the simulator's, bound when the hook attaches; this only validates the overrides now
            ControllerConfig.of(scheme, 100.0, params);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new UserInputException(ex.getMessage());
        }
        return new InProcessControllerHook(scheme, params);
    }

    /**
     * Adds a scheme's entry.
     *
     * @param entry to add.
     * @return this for a fluent API.
     * @throws IllegalArgumentException if a scheme of the same name exists.
     */
    public SchemeRegistry register(final SchemeEntry entry)
    {
        if (null != entriesByName.putIfAbsent(entry.name(), entry))
        {
            throw new IllegalArgumentException("scheme '" + entry.name() + "' is registered twice");
        }
        return this;
    }

    /**
     * @param name of a scheme.
     * @throws UserInputException naming the known schemes if there is none of that name.
     */
    public SchemeEntry find(final String name)
    {
        final SchemeEntry entry = entriesByName.get(name);
        if (null == entry)
        {
            throw new UserInputException(
                "unknown scheme '" + name + "'; known schemes: " + String.join(", ", entriesByName.keySet()));
        }
        return entry;
    }

    /**
     * Parses a {@code --scheme} list.
     *
     * @param names scheme names, each possibly a comma-separated list; duplicates are kept once.
     * @return the schemes' entries in the order given.
     * @throws UserInputException on an unknown or empty name.
     */
    public List<SchemeEntry> parse(final Collection<String> names)
    {
        final Map<String, SchemeEntry> chosen = new LinkedHashMap<>();
        for (final String item : names)
        {
            for (final String raw : item.split(",", -1))
            {
                final String name = raw.trim();
                if (name.isEmpty())
                {
                    throw new UserInputException(
                        "empty scheme name in --scheme '" + item + "'; known schemes: " +
                        String.join(", ", entriesByName.keySet()));
                }
                chosen.putIfAbsent(name, find(name));
            }
        }
        return new ArrayList<>(chosen.values());
    }

    /**
     * @return every scheme's entry in registration order.
     */
    public Collection<SchemeEntry> all()
    {
        return Collections.unmodifiableCollection(entriesByName.values());
    }
}
