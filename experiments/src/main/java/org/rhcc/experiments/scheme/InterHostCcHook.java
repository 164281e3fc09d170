package org.rhcc.experiments.scheme;

import java.util.Map;

import org.rhcc.core.control.InterHostCc;
import org.rhcc.experiments.UserInputException;
import org.rhcc.sim.api.CcSettings;
import org.rhcc.sim.api.ControllerHook;
import org.rhcc.sim.control.ForwardingControllerHook;

/**
 * A scheme's intra-host controller with the inter-host congestion control that provides its R_cc (Eq. (4)): every
 * call goes to the intra-host controller; {@link #interHostCc()} names HPCC or Swift with the scheme's parameters.
 * <p>
 * <b>Note:</b> allocation-free per callback; single-threaded like the hook it wraps.
 */
final class InterHostCcHook extends ForwardingControllerHook
{
    private final CcSettings cc;

    /**
     * @param intraHost the intra-host controller ({@link ControllerHook#NONE} for none).
     * @param cc        the inter-host CC.
     * @param params    the run's overrides, the CC's parameters among them.
     * @return the controller over that CC: itself over DCQCN (the simulator's default), else wrapped with the CC.
     * @throws UserInputException naming a CC parameter that does not parse or is out of range.
     */
    static ControllerHook over(final ControllerHook intraHost, final InterHostCc cc, final Map<String, String> params)
    {
        return InterHostCc.DCQCN == cc ? intraHost :
            new InterHostCcHook(intraHost, InterHostCcKeys.settings(cc, params));
    }

    /**
     * @param intraHost the intra-host controller ({@link ControllerHook#NONE} for none).
     * @param cc        the inter-host CC and its parameters.
     */
    InterHostCcHook(final ControllerHook intraHost, final CcSettings cc)
    {
        super(intraHost);
        this.cc = cc;
    }

    @Override
    public CcSettings interHostCc()
    {
        return cc;
    }
}
