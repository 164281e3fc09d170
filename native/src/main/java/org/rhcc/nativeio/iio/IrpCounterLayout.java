package org.rhcc.nativeio.iio;

import org.rhcc.nativeio.cpu.CpuCapabilities;

/**
 * Uncore IRP PMON address map per Intel server generation (docs/platform.md §2):
 * <pre>
 *   layout       CPU models   IRP box ctl of stack s              ctl i        ctr i        stacks
 *   SKX/CLX      0x55         0xA58 + 0x20*s                      box+3+i      box+1+i      6
 *   ICX          0x6A, 0x6C   {0xA4A,0xA6A,0xA8A,0xADA,0xAFA,0xB1A} box+3+i    box+1+i      6
 *   SPR          0x8F         0x3400 + 0x10*s                     box+2+i      box+8+i      12
 * </pre>
 * Sources: Linux {@code uncore_snbep.c} ({@code SKX_IRP0_MSR_PMON_CTL0 0xa5b}, {@code CTR0 0xa59},
 * {@code BOX_CTL 0xa58}, stride 0x20; {@code ICX_IRP0_MSR_PMON_CTL0 0xa4d}, {@code icx_msr_offsets}); pcm
 * {@code src/types.h} for SPR. Each IRP box has two 48-bit counters.
 */
public enum IrpCounterLayout
{
    /** Skylake-SP and Cascade Lake (family 6 model 0x55). */
    SKX_CLX(6, 3, 1)
    {
        long boxCtlMsr(final int stack)
        {
            return 0xA58L + 0x20L * stack;
        }
    },
    /** Ice Lake-SP (family 6 model 0x6A, 0x6C). */
    ICX(6, 3, 1)
    {
        private final long[] boxes = { 0xA4A, 0xA6A, 0xA8A, 0xADA, 0xAFA, 0xB1A };

        long boxCtlMsr(final int stack)
        {
            return boxes[stack];
        }
    },
    /** Sapphire Rapids (family 6 model 0x8F). */
    SPR(12, 2, 8)
    {
        long boxCtlMsr(final int stack)
        {
            return 0x3400L + 0x10L * stack;
        }
    };

    /** Width of the programmable IRP counters. */
    public static final int COUNTER_BITS = 48;
    /** Mask for deltas of {@link #COUNTER_BITS}-bit counters (wrap handling). */
    public static final long COUNTER_MASK = (1L << COUNTER_BITS) - 1;
    /** Control register enable bit (bit 22). */
    public static final long CTL_ENABLE = 1L << 22;
    /** Event select (bits 7:0) and unit mask (bits 15:8) of a control register. */
    public static final long CTL_EVENT_UMASK_MASK = 0xFFFFL;
    /** {@code UNC_I_CACHE_TOTAL_OCCUPANCY.MEM}: event 0x0F, umask 0x04, enabled = 0x40040F (hostCC's value). */
    public static final long OCCUPANCY_CTL = 0x0FL | (0x04L << 8) | CTL_ENABLE;
    /** {@code UNC_I_CLOCKTICKS}: event 0x01, enabled. */
    public static final long CLOCKTICKS_CTL = 0x01L | CTL_ENABLE;
    /** Box control freeze bit (bit 8): a frozen box does not count. */
    public static final long BOX_CTL_FREEZE = 1L << 8;

    private final int stackCount;
    private final int ctlOffset;
    private final int ctrOffset;

    IrpCounterLayout(final int stackCount, final int ctlOffset, final int ctrOffset)
    {
        this.stackCount = stackCount;
        this.ctlOffset = ctlOffset;
        this.ctrOffset = ctrOffset;
    }

    abstract long boxCtlMsr(int stack);

    /**
     * @return number of IIO stacks (IRP boxes) per socket.
     */
    public int stackCount()
    {
        return stackCount;
    }

    /**
     * @param stack IIO stack, 0 .. {@link #stackCount()}-1.
     * @return the IRP box control MSR.
     */
    public long irpBoxCtl(final int stack)
    {
        return boxCtlMsr(checkStack(stack));
    }

    /**
     * @param stack   IIO stack.
     * @param counter counter index, 0 or 1.
     * @return the IRP counter control MSR.
     */
    public long irpCtl(final int stack, final int counter)
    {
        return boxCtlMsr(checkStack(stack)) + ctlOffset + checkCounter(counter);
    }

    /**
     * @param stack   IIO stack.
     * @param counter counter index, 0 or 1.
     * @return the IRP counter MSR.
     */
    public long irpCtr(final int stack, final int counter)
    {
        return boxCtlMsr(checkStack(stack)) + ctrOffset + checkCounter(counter);
    }

    /**
     * @param caps CPUID result.
     * @return the layout, or null if rhcc has no IRP address table for this CPU.
     */
    public static IrpCounterLayout forCpu(final CpuCapabilities caps)
    {
        if (!caps.isIntel() || caps.family() != 6)
        {
            return null;
        }
        switch (caps.model())
        {
            case 0x55:
                return SKX_CLX;
            case 0x6A:
            case 0x6C:
                return ICX;
            case 0x8F:
                return SPR;
            default:
                return null;
        }
    }

    private int checkStack(final int stack)
    {
        if (stack < 0 || stack >= stackCount)
        {
            throw new IllegalArgumentException(
                "IIO stack " + stack + " is outside 0.." + (stackCount - 1) + " on " + this);
        }
        return stack;
    }

    private static int checkCounter(final int counter)
    {
        if (counter < 0 || counter > 1)
        {
            throw new IllegalArgumentException("IRP counter index must be 0 or 1, got " + counter);
        }
        return counter;
    }
}
