package org.rhcc.nativeio.cpu;

import org.rhcc.nativeio.sys.ChannelOpener;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Reads {@link CpuCapabilities} through a {@link CpuidDevice}. Leaves beyond the maximum the CPU reports (leaf 0
 * EAX, leaf 0x80000000 EAX) are not queried: CPUID returns the highest basic leaf's data for them, which would be
 * misread as features.
 */
public final class CpuProbe
{
    private static final int LEAF_VENDOR = 0x0;
    private static final int LEAF_VERSION = 0x1;
    private static final int LEAF_EXT_FEATURES = 0x7;
    private static final int LEAF_RDT_ALLOCATION = 0x10;
    private static final int RES_ID_MBA = 3;
    private static final int LEAF_EXT_MAX = 0x8000_0000;
    private static final int LEAF_BRAND_FIRST = 0x8000_0002;
    private static final int LEAF_BRAND_LAST = 0x8000_0004;
    private static final int LEAF_AMD_ADDR_SIZES = 0x8000_0008;
    private static final int LEAF_AMD_PQE = 0x8000_0020;

    private CpuProbe()
    {
    }

    /**
     * @param root   directory holding {@code N/cpuid}, usually {@link CpuidDevice#DEFAULT_ROOT}.
     * @param cpu    CPU to query.
     * @param opener channel opener, {@link ChannelOpener#SYSTEM} in production.
     * @throws IllegalStateException with the fix if the cpuid device cannot be used.
     */
    public static CpuCapabilities probe(final Path root, final int cpu, final ChannelOpener opener)
    {
        try (CpuidDevice device = CpuidDevice.open(root, cpu, opener))
        {
            return probe(device);
        }
    }

    /**
     * @param device an open cpuid device.
     */
    public static CpuCapabilities probe(final CpuidDevice device)
    {
        final int[] leaf0 = device.cpuid(LEAF_VENDOR, 0);
        final long maxBasic = leaf0[CpuidDevice.EAX] & 0xFFFF_FFFFL;
        final ByteBuffer vendorBytes = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
        vendorBytes.putInt(leaf0[CpuidDevice.EBX]).putInt(leaf0[CpuidDevice.EDX]).putInt(leaf0[CpuidDevice.ECX]);
        final String vendor = new String(vendorBytes.array(), StandardCharsets.US_ASCII);

        final int[] leaf1 = maxBasic >= LEAF_VERSION ? device.cpuid(LEAF_VERSION, 0) : new int[4];
        final int eax1 = leaf1[CpuidDevice.EAX];
        final boolean hypervisor = (leaf1[CpuidDevice.ECX] & (1 << 31)) != 0;
        final int baseFamily = (eax1 >>> 8) & 0xF;
        final int baseModel = (eax1 >>> 4) & 0xF;
        final int family = baseFamily == 0xF ? baseFamily + ((eax1 >>> 20) & 0xFF) : baseFamily;
        final int model = baseFamily == 0x6 || baseFamily == 0xF ? baseModel + (((eax1 >>> 16) & 0xF) << 4) :
            baseModel;
        final int stepping = eax1 & 0xF;

        final boolean rdtAllocation = maxBasic >= LEAF_EXT_FEATURES &&
            (device.cpuid(LEAF_EXT_FEATURES, 0)[CpuidDevice.EBX] & (1 << 15)) != 0;

        boolean intelMba = false;
        int throttleMax = 0;
        boolean linear = false;
        int cosCount = 0;
        if (rdtAllocation && maxBasic >= LEAF_RDT_ALLOCATION)
        {
            intelMba = (device.cpuid(LEAF_RDT_ALLOCATION, 0)[CpuidDevice.EBX] & (1 << RES_ID_MBA)) != 0;
            if (intelMba)
            {
                final int[] mba = device.cpuid(LEAF_RDT_ALLOCATION, RES_ID_MBA);
                throttleMax = (mba[CpuidDevice.EAX] & 0xFFF) + 1;
                linear = (mba[CpuidDevice.ECX] & (1 << 2)) != 0;
                cosCount = (mba[CpuidDevice.EDX] & 0xFFFF) + 1;
            }
        }

        final long maxExt = device.cpuid(LEAF_EXT_MAX, 0)[CpuidDevice.EAX] & 0xFFFF_FFFFL;
        String modelName = "";
        if (maxExt >= (LEAF_BRAND_LAST & 0xFFFF_FFFFL))
        {
            final ByteBuffer brand = ByteBuffer.allocate(48).order(ByteOrder.LITTLE_ENDIAN);
            for (int leaf = LEAF_BRAND_FIRST; leaf <= LEAF_BRAND_LAST; leaf++)
            {
                for (final int register : device.cpuid(leaf, 0))
                {
                    brand.putInt(register);
                }
            }
            final String raw = new String(brand.array(), StandardCharsets.US_ASCII);
            final int nul = raw.indexOf('\0');
            modelName = (nul >= 0 ? raw.substring(0, nul) : raw).trim();
        }

        boolean amdMba = false;
        if (CpuCapabilities.AMD.equals(vendor) && maxExt >= (LEAF_AMD_PQE & 0xFFFF_FFFFL) &&
            (device.cpuid(LEAF_AMD_ADDR_SIZES, 0)[CpuidDevice.EBX] & (1 << 6)) != 0 &&
            (device.cpuid(LEAF_AMD_PQE, 0)[CpuidDevice.EBX] & (1 << 1)) != 0)
        {
            amdMba = true;
            cosCount = (device.cpuid(LEAF_AMD_PQE, 1)[CpuidDevice.EDX] & 0xFFFF) + 1;
        }

        return new CpuCapabilities(
            vendor, family, model, stepping, modelName, rdtAllocation, intelMba, throttleMax, linear, cosCount,
            amdMba, hypervisor);
    }
}
