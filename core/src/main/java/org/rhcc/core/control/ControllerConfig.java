package org.rhcc.core.control;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.rhcc.core.receiver.HostCcFiveLevelPolicy;
import org.rhcc.core.receiver.HostCcLocalPolicy;
import org.rhcc.core.receiver.IioCongestionDetector;
import org.rhcc.core.receiver.MbaCascadeConfig;
import org.rhcc.core.sender.QpWeights;
import org.rhcc.core.sender.SenderParameters;

/**
 * Everything that decides how a scheme's controller behaves, with the paper's defaults and a documented set of
 * overridable keys (the {@code --set key=value} of the {@code rhcc} command and the {@code params} of a result).
 *
 * @param scheme            which loops run.
 * @param gIio              Eq. (1) gain.
 * @param iThr              Eq. (1) congestion threshold, IIO entries.
 * @param cascade           MBA cascade (levels, groups, step intervals).
 * @param sender            sender-loop parameters, Eq. (2)-(4).
 * @param hostCcIT          hostCC's occupancy threshold I_T. Default for {@code hostcc}: hostCC's published 70. For
 *                          {@code hostcc-5level}: RHCC's I_thr (and it follows an {@code i_thr} override), so that
 *                          the variant detects congestion where RHCC does and differs only in how it responds.
 * @param hostCcBTGbps      hostCC's PCIe bandwidth threshold B_T, Gbit/s.
 * @param hostCcRelaxNs     hostCC's relax interval, ns.
 */
public record ControllerConfig(
    Scheme scheme,
    double gIio,
    double iThr,
    MbaCascadeConfig cascade,
    SenderParameters sender,
    double hostCcIT,
    double hostCcBTGbps,
    long hostCcRelaxNs)
{
    /** The keys {@link #withOverride(String, String)} accepts, with their meaning. */
    public static final Map<String, String> KEYS = keys();

    /**
     * Validates the values that the component constructors do not see together.
     */
    public ControllerConfig
    {
        if (null == scheme || null == cascade || null == sender)
        {
            throw new IllegalArgumentException("controller config needs a scheme, a cascade and sender parameters");
        }
        // the scheme decides what gates the sender loop, however the parameters were built
        sender = sender.withSenderGate(scheme.senderGate());
        new IioCongestionDetector(gIio, iThr);
        new HostCcFiveLevelPolicy(hostCcIT, hostCcBTGbps, hostCcRelaxNs, cascade.levels(), cascade.groups().size(),
            cascade.protectedFloorLevel());
        new HostCcLocalPolicy(hostCcIT, hostCcBTGbps, hostCcRelaxNs, cascade.groups().size(),
            cascade.protectedFloorLevel());
    }

    /**
     * @param scheme       the scheme.
     * @param lineRateGbps the sender NICs' line rate.
     * @return the paper's parameters for the scheme.
     */
    public static ControllerConfig defaults(final Scheme scheme, final double lineRateGbps)
    {
        return new ControllerConfig(scheme, IioCongestionDetector.G_IIO_DEFAULT, IioCongestionDetector.I_THR_DEFAULT,
            MbaCascadeConfig.paperDefaults(), SenderParameters.paperDefaults(lineRateGbps),
            scheme.hostCcLevels() ? HostCcLocalPolicy.I_T_DEFAULT : IioCongestionDetector.I_THR_DEFAULT,
            HostCcLocalPolicy.B_T_GBPS_DEFAULT,
            HostCcLocalPolicy.RELAX_INTERVAL_NS_DEFAULT);
    }

    /**
     * The configuration every platform runs a scheme with: the paper's defaults, then each override whose key is a
     * controller parameter (other keys belong to the platform and are skipped), in the map's order, then the sender
     * parameters bound to the platform's line rate.
     *
     * @param scheme       the scheme.
     * @param lineRateGbps the sender NICs' line rate, Gbit/s.
     * @param params       overrides, e.g. {@code i_thr=60}; non-controller keys are ignored.
     * @throws IllegalArgumentException for a bad controller parameter value.
     */
    public static ControllerConfig of(
        final Scheme scheme, final double lineRateGbps, final Map<String, String> params)
    {
        ControllerConfig config = defaults(scheme, lineRateGbps);
        for (final Map.Entry<String, String> entry : params.entrySet())
        {
            if (isKey(entry.getKey()))
            {
                config = config.withOverride(entry.getKey(), entry.getValue());
            }
        }
        return config.withLineRate(lineRateGbps);
    }

    /**
     * @param key a parameter's name, as given (case and surrounding spaces do not matter).
     * @return whether it is a controller parameter ({@link #KEYS}), which {@link #of} applies and other platforms'
     * parameters are not.
     */
    public static boolean isKey(final String key)
    {
        return KEYS.containsKey(key.trim().toLowerCase(Locale.ROOT));
    }

    /**
     * @param lineRateGbps the sender NICs' line rate, Gbit/s.
     * @return a copy whose sender parameters have R_line = the line rate and R_min at most the line rate.
     */
    public ControllerConfig withLineRate(final double lineRateGbps)
    {
        final SenderParameters s = sender;
        return withSender(senderKeepingWeights(s.gProbe(), s.alpha(), s.beta(), s.dThrNs(),
            Math.min(s.rMinGbps(), lineRateGbps), lineRateGbps, s.probeIntervalBytes()));
    }

    /**
     * Applies one override.
     *
     * @param key   one of {@link #KEYS}.
     * @param value its new value, as text.
     * @return a copy with the value changed.
     * @throws IllegalArgumentException for an unknown key or a bad value, saying which keys exist.
     */
    public ControllerConfig withOverride(final String key, final String value)
    {
        final String k = key.trim().toLowerCase(Locale.ROOT);
        try
        {
            return withControllerOverride(key, k, value);
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException(
                "controller parameter " + k + " = '" + value + "' is not a number (" + KEYS.get(k) + ")");
        }
    }

    /**
     * Applies an override of the receiver side (Eq. (1)), the MBA cascade or hostCC; any other key goes to
     * {@link #withSenderOverride(String, String, String)}.
     */
    private ControllerConfig withControllerOverride(final String key, final String k, final String value)
    {
        switch (k)
        {
            case "i_thr":
                final double iThrNew = Double.parseDouble(value);
                final boolean hostCcFollows = !scheme.hostCcLevels() && hostCcIT == iThr;
                return new ControllerConfig(scheme, gIio, iThrNew, cascade, sender,
                    hostCcFollows ? iThrNew : hostCcIT, hostCcBTGbps, hostCcRelaxNs);
            case "g_iio":
                return new ControllerConfig(scheme, Double.parseDouble(value), iThr, cascade, sender, hostCcIT,
                    hostCcBTGbps, hostCcRelaxNs);
            case "step_down_us":
                return withCascade(cascade.withIntervals(micros(value), cascade.stepUpIntervalNs()));
            case "step_up_us":
                return withCascade(cascade.withIntervals(cascade.stepDownIntervalNs(), micros(value)));
            case "protected_floor_level":
                final int floor = Integer.parseInt(value.trim());
                return withCascade(
                    0 == floor ? cascade.withoutProtectedGroup() : cascade.withProtectedGroup(floor));
            case "hostcc_i_t":
                return new ControllerConfig(scheme, gIio, iThr, cascade, sender, Double.parseDouble(value),
                    hostCcBTGbps, hostCcRelaxNs);
            case "hostcc_b_t_gbps":
                return new ControllerConfig(scheme, gIio, iThr, cascade, sender, hostCcIT,
                    Double.parseDouble(value), hostCcRelaxNs);
            case "hostcc_relax_us":
                return new ControllerConfig(scheme, gIio, iThr, cascade, sender, hostCcIT, hostCcBTGbps,
                    micros(value));
            default:
                return withSenderOverride(key, k, value);
        }
    }

    /**
     * Applies an override of the sender loop (Eq. (2)-(4) and the weighted law).
     *
     * @throws IllegalArgumentException for an unknown key, saying which keys exist.
     */
    private ControllerConfig withSenderOverride(final String key, final String k, final String value)
    {
        final SenderParameters s = sender;
        switch (k)
        {
            case "d_thr_ns":
                return withSender(s.withDThrNs(Integer.parseInt(value)));
            case "g_probe":
                return withSender(senderKeepingWeights(Double.parseDouble(value), s.alpha(), s.beta(), s.dThrNs(),
                    s.rMinGbps(), s.rLineGbps(), s.probeIntervalBytes()));
            case "alpha":
                return withSender(senderKeepingWeights(s.gProbe(), Double.parseDouble(value), s.beta(), s.dThrNs(),
                    s.rMinGbps(), s.rLineGbps(), s.probeIntervalBytes()));
            case "beta":
                return withSender(senderKeepingWeights(s.gProbe(), s.alpha(), Double.parseDouble(value), s.dThrNs(),
                    s.rMinGbps(), s.rLineGbps(), s.probeIntervalBytes()));
            case "r_min_gbps":
                return withSender(senderKeepingWeights(s.gProbe(), s.alpha(), s.beta(), s.dThrNs(),
                    Double.parseDouble(value), s.rLineGbps(), s.probeIntervalBytes()));
            case "probe_interval_bytes":
                return withSender(senderKeepingWeights(s.gProbe(), s.alpha(), s.beta(), s.dThrNs(),
                    s.rMinGbps(), s.rLineGbps(), Integer.parseInt(value)));
            case "weight_unit_gbps":
                return withSender(s.withWeights(Double.parseDouble(value), s.qpWeights()));
            case QpWeights.KEY:
                return withSender(s.withWeights(s.weightUnitGbps(), QpWeights.parse(value)));
            default:
                throw new IllegalArgumentException("unknown controller parameter '" + key + "'; known: " +
                    String.join(", ", KEYS.keySet()));
        }
    }

    /**
     * @param newScheme another scheme.
     * @return a copy running another scheme with the same parameters.
     */
    public ControllerConfig withScheme(final Scheme newScheme)
    {
        return new ControllerConfig(newScheme, gIio, iThr, cascade, sender, hostCcIT, hostCcBTGbps, hostCcRelaxNs);
    }

    private ControllerConfig withCascade(final MbaCascadeConfig newCascade)
    {
        return new ControllerConfig(scheme, gIio, iThr, newCascade, sender, hostCcIT, hostCcBTGbps, hostCcRelaxNs);
    }

    private ControllerConfig withSender(final SenderParameters newSender)
    {
        return new ControllerConfig(scheme, gIio, iThr, cascade, newSender, hostCcIT, hostCcBTGbps, hostCcRelaxNs);
    }

    private SenderParameters senderKeepingWeights(final double gProbe, final double alpha, final double beta,
        final int dThrNs, final double rMinGbps, final double rLineGbps, final int probeIntervalBytes)
    {
        return new SenderParameters(gProbe, alpha, beta, dThrNs, rMinGbps, rLineGbps, probeIntervalBytes,
            sender.weightUnitGbps(), sender.qpWeights(), sender.senderGate());
    }

    private static long micros(final String value)
    {
        return Math.round(Double.parseDouble(value) * 1_000.0);
    }

    private static Map<String, String> keys()
    {
        final Map<String, String> keys = new LinkedHashMap<>();
        keys.put("i_thr", "IIO occupancy threshold I_thr, entries (paper 45)");
        keys.put("g_iio", "Eq. (1) EWMA gain g_IIO (paper 0.25)");
        keys.put("step_down_us", "MBA cascade step-down interval, us (default 20)");
        keys.put("step_up_us", "MBA cascade step-up interval, us (default 150)");
        keys.put("protected_floor_level", "floor of the protected CPU class (a third MBA group, last in the " +
            "cascade): 1 never throttled .. 5; 0 or unset = no protected group");
        keys.put("d_thr_ns", "receiver processing delay target D_thr, ns (paper 200)");
        keys.put("g_probe", "Eq. (2) EWMA gain g_probe (paper 0.75)");
        keys.put("alpha", "Eq. (3) error weight alpha, Gbit/s per ns (paper 0.0005)");
        keys.put("beta", "Eq. (3) derivative weight beta, Gbit/s per ns (paper 0.0005)");
        keys.put("r_min_gbps", "floor of the receivable rate, Gbit/s (default 1)");
        keys.put("probe_interval_bytes", "bytes sent per probe (paper 32768)");
        keys.put(QpWeights.KEY, "per-QP weights 1..255 of the weighted law (docs/design.md 4.1): a list in QP order, " +
            "repeated over the QPs (1,2,4,8), or qps:weight ranges (0-3:1;4-7:4); absent: unweighted, Eq. (3)");
        keys.put("weight_unit_gbps",
            "R_unit of the weighted law, Gbit/s (0, the default: line rate / the sum of the configured weights)");
        keys.put("hostcc_i_t", "hostCC occupancy threshold I_T (hostcc: hostCC's 70; hostcc-5level: I_thr)");
        keys.put("hostcc_b_t_gbps", "hostCC PCIe bandwidth threshold B_T, Gbit/s (hostCC 84)");
        keys.put("hostcc_relax_us", "hostCC relax interval, us (hostCC 150)");
        return java.util.Collections.unmodifiableMap(keys);
    }
}
