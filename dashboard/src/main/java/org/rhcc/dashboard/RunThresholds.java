package org.rhcc.dashboard;

import java.util.LinkedHashMap;
import java.util.Map;

import org.rhcc.core.control.ControllerConfig;
import org.rhcc.core.control.Scheme;
import org.rhcc.experiments.ParameterOverrides;
import org.rhcc.sim.SimParameters;

/**
 * The thresholds a run's controller compares its signals with, drawn on the dashboard's charts: the paper's defaults
 * with the run's own overrides ({@code --set i_thr=...}, recorded in its {@code params}), resolved the way every
 * platform resolves them ({@link ControllerConfig#of}; README "The algorithm as implemented").
 *
 * @param iThr        Eq. (1) congestion threshold I_thr on the smoothed IIO occupancy, lines.
 * @param dThrNs      Eq. (3) target receiver processing delay D_thr, ns.
 * @param hostCcIThr  hostCC's occupancy threshold I_T for the hostCC schemes, NaN for the others.
 */
record RunThresholds(double iThr, double dThrNs, double hostCcIThr)
{
    /**
     * @param scheme the run's scheme name ({@code dcqcn}, {@code rhcc}, ...).
     * @param params the run's overrides (simulator paths and controller keys).
     * @return the run's thresholds, or null when the scheme or an override is not one this build knows (a JSON of
     * another version).
     */
    static RunThresholds of(final String scheme, final Map<String, String> params)
    {
        try
        {
            final Scheme parsed = Scheme.parse(scheme);
            final SimParameters base = SimParameters.calibrated();
            final Map<String, String> simOverrides = new LinkedHashMap<>();
            params.forEach((key, value) ->
            {
                if (ParameterOverrides.isLeafPath(base, key))
                {
                    simOverrides.put(key, value);
                }
            });
            final double lineRateGbps = ParameterOverrides.applyAll(base, simOverrides).network().lineRateGbps();
            final ControllerConfig config = ControllerConfig.of(parsed, lineRateGbps, params);
            return new RunThresholds(config.iThr(), config.sender().dThrNs(),
                parsed.hostCc() ? config.hostCcIT() : Double.NaN);
        }
        catch (final RuntimeException ex)
        {
            return null;
        }
    }
}
