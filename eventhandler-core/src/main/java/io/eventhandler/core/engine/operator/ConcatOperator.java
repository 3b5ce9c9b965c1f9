package io.eventhandler.core.engine.operator;

import java.util.List;
import java.util.Optional;

/**
 * {@code concat} (the paper's CAT): the inputs' payloads in declared order, joined by a separator. Payloads are copied
 * as text, not parsed, so it works for any payload; with the default {@code ","} numeric payloads join into one
 * numeric payload. Stateless, so thread-safe.
 */
final class ConcatOperator implements Operator {

    private final String separator;

    ConcatOperator(final String separator) {
        this.separator = separator;
    }

    @Override
    public Optional<String> apply(final List<String> inputs) {
        int length = separator.length() * (inputs.size() - 1);
        for (int i = 0; i < inputs.size(); i++) {
            length += inputs.get(i).length();
        }
        final StringBuilder joined = new StringBuilder(length);
        for (int i = 0; i < inputs.size(); i++) {
            if (i > 0) {
                joined.append(separator);
            }
            joined.append(inputs.get(i));
        }
        return Optional.of(joined.toString());
    }
}
