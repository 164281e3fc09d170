package org.rhcc.nativeio.iio;

/**
 * Where a NIC's PCIe traffic enters the uncore.
 *
 * @param pciAddress the NIC's PCI address, e.g. {@code 0000:18:00.0}.
 * @param rootBus    the root bus the NIC hangs off, {@code segment:bus}, e.g. {@code 0000:17}.
 * @param stack      the IIO stack (= IRP box) index, from {@code /sys/devices/uncore_iio_<stack>}.
 * @param die        the die whose {@code die<X>} mapping file names the root bus.
 * @param cpu        a CPU of the NIC's NUMA node / socket, for the msr file.
 */
public record IioStackLocation(String pciAddress, String rootBus, int stack, int die, int cpu)
{
}
