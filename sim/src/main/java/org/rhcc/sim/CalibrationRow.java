package org.rhcc.sim;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * One row of the calibration table (docs/model.md §9) as {@link CalibrationTable} evaluates it: every comparison of
 * the model with the paper's baseline number, each with its tolerance and verdict.
 *
 * @param key    the row's name, e.g. {@code "B1 2x 3x"}: the row of docs/model.md §9 and, where a row is checked in
 *               parts, which part.
 * @param title  what the row compares, with the paper's number and tolerance.
 * @param checks every comparison of the row, in order.
 */
public record CalibrationRow(String key, String title, List<CalibrationRow.Check> checks)
{
    /**
     * Freezes the checks.
     */
    public CalibrationRow
    {
        checks = List.copyOf(checks);
    }

    /**
     * @return whether every check of the row holds.
     */
    public boolean holds()
    {
        return checks.stream().allMatch(Check::holds);
    }

    /**
     * @return the sum of the squared deviations of the row's checks against a number with a tolerance
     * ({@link Check#deviation()}); 0 when the row has none.
     */
    public double squaredDeviations()
    {
        return checks.stream().filter((check) -> null != check.deviation())
            .mapToDouble((check) -> check.deviation() * check.deviation()).sum();
    }

    /**
     * @return how many of the row's checks compare with a number and a tolerance.
     */
    public long numericChecks()
    {
        return checks.stream().filter((check) -> null != check.deviation()).count();
    }

    /**
     * @return the checks that do not hold, one clause each ({@code "what: model ... , expected ..."}), or an empty
     * string when the row holds.
     */
    public String failures()
    {
        return checks.stream().filter((check) -> !check.holds()).map(Check::describe)
            .collect(Collectors.joining("; "));
    }

    /**
     * One comparison.
     *
     * @param what      what is compared, e.g. {@code "1x IIO occupancy"}.
     * @param expected  the paper's number and its tolerance, or the condition, as text.
     * @param model     what the model gave, as text.
     * @param holds     whether the model meets it.
     * @param deviation for a comparison with a number and a tolerance, {@code (model - paper) / tolerance} (the check
     *                  holds while it lies within -1..1); null for a condition.
     */
    public record Check(String what, String expected, String model, boolean holds, Double deviation)
    {
        /**
         * @param what      what is compared.
         * @param paper     the paper's number.
         * @param model     the model's value.
         * @param tolerance the largest difference allowed, in the value's unit.
         * @return whether {@code model} lies within {@code paper +- tolerance}.
         */
        static Check within(final String what, final double paper, final double model, final double tolerance)
        {
            return new Check(what, String.format(Locale.ROOT, "%.3f +- %.3f", paper, tolerance), number(model),
                model >= paper - tolerance && model <= paper + tolerance, (model - paper) / tolerance);
        }

        /**
         * @param what     what is compared.
         * @param paper    the paper's number.
         * @param model    the model's value.
         * @param fraction the largest difference allowed, a fraction of {@code |paper|}.
         * @return whether {@code model} lies within {@code paper +- fraction |paper|}.
         */
        static Check relative(final String what, final double paper, final double model, final double fraction)
        {
            return within(what, paper, model, Math.abs(paper) * fraction);
        }

        /**
         * @param what      the condition, e.g. {@code "1x D < D_thr = 200 ns"}.
         * @param model     the model's value the condition is about.
         * @param condition whether it holds.
         * @return the check.
         */
        static Check that(final String what, final double model, final boolean condition)
        {
            return new Check(what, "holds", number(model), condition, null);
        }

        /**
         * @param what       the condition.
         * @param violations what violates it, empty when it holds.
         * @return the check, its model text the violations or {@code "none"}.
         */
        static Check none(final String what, final List<String> violations)
        {
            return new Check(what, "no violation", violations.isEmpty() ? "none" : String.join("; ", violations),
                violations.isEmpty(), null);
        }

        /**
         * @return {@code "what: model M, expected E"}.
         */
        public String describe()
        {
            return what + ": model " + model + ", expected " + expected;
        }

        private static String number(final double value)
        {
            return String.format(Locale.ROOT, "%.3f", value);
        }
    }
}
