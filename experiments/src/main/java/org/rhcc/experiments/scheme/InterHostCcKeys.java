package org.rhcc.experiments.scheme;

import java.util.List;
import java.util.Map;

import org.rhcc.core.control.InterHostCc;
import org.rhcc.experiments.UserInputException;
import org.rhcc.sim.api.CcSettings;

/**
 * The {@code --set} keys of the inter-host congestion controls HPCC and Swift, and their parsing into
 * {@link CcSettings} (docs/model.md §4.11): {@code hpcc_eta} (0.95), {@code hpcc_max_stage} (5), {@code hpcc_flows}
 * (N of {@code W_AI = W_init (1 - eta) / N}; 0, the default, for the run's QPs) and {@code swift_endpoint_margin_ns}
 * (400: Swift's endpoint target above the model's no-congestion host delay).
 */
final class InterHostCcKeys
{
    static final String HPCC_ETA = "hpcc_eta";
    static final String HPCC_MAX_STAGE = "hpcc_max_stage";
    static final String HPCC_FLOWS = "hpcc_flows";
    static final String SWIFT_ENDPOINT_MARGIN_NS = "swift_endpoint_margin_ns";

    private InterHostCcKeys()
    {
    }

    /**
     * @param cc the inter-host CC.
     * @return its {@code --set} keys.
     */
    static List<String> keys(final InterHostCc cc)
    {
        switch (cc)
        {
            case HPCC:
                return List.of(HPCC_ETA, HPCC_MAX_STAGE, HPCC_FLOWS);
            case SWIFT:
                return List.of(SWIFT_ENDPOINT_MARGIN_NS);
            default:
                return List.of();
        }
    }

    /**
     * @param cc     the inter-host CC.
     * @param params the run's overrides; keys that are not the CC's are ignored.
     * @return the CC with the paper's parameters and the overrides.
     * @throws UserInputException naming the key and value that does not parse or is out of range.
     */
    static CcSettings settings(final InterHostCc cc, final Map<String, String> params)
    {
        final double eta = parseDouble(params, HPCC_ETA, CcSettings.HPCC_ETA);
        final int maxStage = (int)parseLong(params, HPCC_MAX_STAGE, CcSettings.HPCC_MAX_STAGE);
        final int flows = (int)parseLong(params, HPCC_FLOWS, 0);
        final long marginNs = parseLong(params, SWIFT_ENDPOINT_MARGIN_NS, CcSettings.SWIFT_ENDPOINT_MARGIN_NS);
        try
        {
            return new CcSettings(cc, eta, maxStage, flows, marginNs);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new UserInputException("--set " + ex.getMessage());
        }
    }

    private static double parseDouble(final Map<String, String> params, final String key, final double fallback)
    {
        final String text = params.get(key);
        if (null == text)
        {
            return fallback;
        }
        try
        {
            final double value = Double.parseDouble(text.trim());
            if (!Double.isFinite(value))
            {
                throw new NumberFormatException(text);
            }
            return value;
        }
        catch (final NumberFormatException ex)
        {
            throw new UserInputException("--set " + key + "=" + text + ": not a number; e.g. " + key + "=" + fallback);
        }
    }

    private static long parseLong(final Map<String, String> params, final String key, final long fallback)
    {
        final String text = params.get(key);
        if (null == text)
        {
            return fallback;
        }
        try
        {
            final long value = Long.parseLong(text.trim());
            if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE && !SWIFT_ENDPOINT_MARGIN_NS.equals(key))
            {
                throw new NumberFormatException(text);
            }
            return value;
        }
        catch (final NumberFormatException ex)
        {
            throw new UserInputException(
                "--set " + key + "=" + text + ": not a whole number; e.g. " + key + "=" + fallback);
        }
    }
}
