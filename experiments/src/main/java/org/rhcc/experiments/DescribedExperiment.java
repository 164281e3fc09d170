package org.rhcc.experiments;

import java.util.List;
import java.util.Objects;

import org.rhcc.experiments.scheme.SchemeRegistry;

/**
 * An {@link Experiment} whose description is fixed when it is built: its name, summary, the baseline rows of
 * docs/paper.md §4 it reproduces, the schemes it runs by default and its run length. A subclass passes these to the
 * constructor and implements only its plan and presentation.
 */
public abstract class DescribedExperiment implements Experiment
{
    private final String name;
    private final String summary;
    private final String paperRows;
    private final List<String> defaultSchemes;
    private final RunLength runLength;

    /**
     * A baseline experiment: {@code dcqcn} only, the paper's 2 + 10 ms run.
     *
     * @param name      see {@link #name()}.
     * @param summary   see {@link #summary()}.
     * @param paperRows see {@link #paperRows()}.
     */
    protected DescribedExperiment(final String name, final String summary, final String paperRows)
    {
        this(name, summary, paperRows, List.of(SchemeRegistry.DCQCN), RunLength.PAPER);
    }

    /**
     * @param name           see {@link #name()}.
     * @param summary        see {@link #summary()}.
     * @param paperRows      see {@link #paperRows()}.
     * @param defaultSchemes see {@link #defaultSchemes()}.
     * @param runLength      see {@link #runLength()}.
     */
    protected DescribedExperiment(
        final String name,
        final String summary,
        final String paperRows,
        final List<String> defaultSchemes,
        final RunLength runLength)
    {
        this.name = Objects.requireNonNull(name, "name");
        this.summary = Objects.requireNonNull(summary, "summary");
        this.paperRows = Objects.requireNonNull(paperRows, "paperRows");
        this.defaultSchemes = List.copyOf(defaultSchemes);
        this.runLength = Objects.requireNonNull(runLength, "runLength");
    }

    @Override
    public final String name()
    {
        return name;
    }

    @Override
    public final String summary()
    {
        return summary;
    }

    @Override
    public final String paperRows()
    {
        return paperRows;
    }

    @Override
    public final List<String> defaultSchemes()
    {
        return defaultSchemes;
    }

    @Override
    public final RunLength runLength()
    {
        return runLength;
    }
}
