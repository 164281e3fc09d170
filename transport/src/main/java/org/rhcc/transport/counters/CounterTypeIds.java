package org.rhcc.transport.counters;

import java.util.Arrays;
import java.util.function.ToIntFunction;

/**
 * The check every counter descriptor enum runs when its class is initialised, as Aeron's
 * {@code SystemCounterDescriptor} checks its ids: each constant's type id lies in its family's range (the ranges
 * {@link CounterAllocator} lists) and no two constants share one. The type ids are on disk, in every node's counters
 * file, read by the metrics endpoint and by {@code rhcc counters}: a clash would make two counters one.
 */
public final class CounterTypeIds
{
    private CounterTypeIds()
    {
    }

    /**
     * @param family       the family's name in messages, e.g. {@code "journal"}.
     * @param firstTypeId  the lowest type id of the family's range.
     * @param lastTypeId   the highest type id of the family's range.
     * @param descriptors  the family's constants ({@code values()}).
     * @param typeIdOf     a constant's type id.
     * @param <E>          the descriptor enum.
     * @return the constants indexed by {@code typeId - firstTypeId}, null where no constant has that id.
     * @throws IllegalStateException naming the constant out of range, or both constants that share a type id.
     */
    public static <E extends Enum<E>> E[] indexByTypeId(final String family, final int firstTypeId,
        final int lastTypeId, final E[] descriptors, final ToIntFunction<E> typeIdOf)
    {
        final String[] names = new String[descriptors.length];
        final int[] typeIds = new int[descriptors.length];
        for (int i = 0; i < descriptors.length; i++)
        {
            names[i] = descriptors[i].name();
            typeIds[i] = typeIdOf.applyAsInt(descriptors[i]);
        }
        check(family, firstTypeId, lastTypeId, names, typeIds);
        final E[] byTypeId = Arrays.copyOf(descriptors, lastTypeId - firstTypeId + 1);
        Arrays.fill(byTypeId, null);
        for (int i = 0; i < descriptors.length; i++)
        {
            byTypeId[typeIds[i] - firstTypeId] = descriptors[i];
        }
        return byTypeId;
    }

    /**
     * @param family      the family's name in messages.
     * @param firstTypeId the lowest type id of the family's range.
     * @param lastTypeId  the highest type id of the family's range.
     * @param names       the constants' names.
     * @param typeIds     their type ids, in the same order.
     * @throws IllegalStateException naming the constant out of range, or both constants that share a type id.
     */
    public static void check(final String family, final int firstTypeId, final int lastTypeId, final String[] names,
        final int[] typeIds)
    {
        final String[] owners = new String[lastTypeId - firstTypeId + 1];
        for (int i = 0; i < typeIds.length; i++)
        {
            final int typeId = typeIds[i];
            if (typeId < firstTypeId || typeId > lastTypeId)
            {
                throw new IllegalStateException(family + " counter " + names[i] + " has type id " + typeId +
                    ", outside the " + family + " counters' range " + firstTypeId + ".." + lastTypeId);
            }
            final String owner = owners[typeId - firstTypeId];
            if (null != owner)
            {
                throw new IllegalStateException(family + " counters " + owner + " and " + names[i] +
                    " have the same type id " + typeId);
            }
            owners[typeId - firstTypeId] = names[i];
        }
    }
}
