package org.rhcc.nativeio.cpu;

/**
 * What CPUID says about this CPU, as far as rhcc cares.
 *
 * @param vendor              vendor string, e.g. {@code GenuineIntel}, {@code AuthenticAMD}.
 * @param family              display family (base family, plus extended family when base is 0xF).
 * @param model               display model (base model, plus extended model for family 6 and 0xF).
 * @param stepping            stepping id.
 * @param modelName           brand string from leaves 0x80000002-4, trimmed; empty if not reported.
 * @param rdtAllocation       CPUID.(EAX=7,ECX=0):EBX bit 15, RDT allocation (PQE).
 * @param intelMba            CPUID.(EAX=0x10,ECX=0):EBX bit 3, Intel Memory Bandwidth Allocation.
 * @param mbaThrottleMax      CPUID.(EAX=0x10,ECX=3):EAX[11:0]+1, the maximum delay value (90 on SKX/CLX); 0 if
 *                            no Intel MBA.
 * @param mbaLinear           CPUID.(EAX=0x10,ECX=3):ECX bit 2, linear delay scale.
 * @param mbaCosCount         number of MBA classes of service: Intel CPUID.(0x10,3):EDX[15:0]+1, AMD
 *                            CPUID.(0x80000020,1):EDX[15:0]+1; 0 if no MBA.
 * @param amdMba              AMD bandwidth enforcement: CPUID.0x80000008:EBX bit 6 and CPUID.(0x80000020,0):EBX
 *                            bit 1.
 * @param hypervisor          CPUID.1:ECX bit 31: running in a virtual machine, where uncore MSRs and RDT are
 *                            usually hidden.
 */
public record CpuCapabilities(
    String vendor,
    int family,
    int model,
    int stepping,
    String modelName,
    boolean rdtAllocation,
    boolean intelMba,
    int mbaThrottleMax,
    boolean mbaLinear,
    int mbaCosCount,
    boolean amdMba,
    boolean hypervisor)
{
    /** Intel's vendor string. */
    public static final String INTEL = "GenuineIntel";
    /** AMD's vendor string. */
    public static final String AMD = "AuthenticAMD";

    /**
     * @return true for an Intel CPU.
     */
    public boolean isIntel()
    {
        return INTEL.equals(vendor);
    }

    /**
     * @return true for an AMD CPU.
     */
    public boolean isAmd()
    {
        return AMD.equals(vendor);
    }

    /**
     * @return true if the CPU enumerates memory bandwidth allocation of either vendor.
     */
    public boolean hasMba()
    {
        return intelMba || amdMba;
    }

    /**
     * @return e.g. {@code "GenuineIntel family 6 model 0x55 stepping 7 (Intel(R) Xeon(R) Gold 6248)"}.
     */
    public String describe()
    {
        return vendor + " family " + family + " model 0x" + Integer.toHexString(model) + " stepping " + stepping +
            (modelName.isEmpty() ? "" : " (" + modelName + ")") + (hypervisor ? ", under a hypervisor" : "");
    }
}
