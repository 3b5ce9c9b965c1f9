package io.eventhandler.core.broker;

import io.eventhandler.core.topic.ResumeNumbering;

import java.security.SecureRandom;
import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;

/**
 * Which numbering the topics' sequence numbers belong to. Sequence numbers are unique only within one numbering: a
 * restart in memory mode numbers from 1 again, and a durable restart numbers again what it had not committed. Each
 * numbering has a token, sent in every SSE event id ({@code <token>-<sequence>}), so that a subscriber resuming with
 * an id of another numbering is told of a reset instead of silently skipping the events its number has passed.
 *
 * <p>A new token is drawn at every start; a durable history makes the previous one known ({@link #carriedFrom}); a
 * backup adopts its primary's ({@link #adopt}), since a take-over continues that numbering above an epoch base.
 */
public final class Numbering {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int TOKEN_BITS = 40;

    private volatile String token;
    private volatile String previous;
    private final LongAdder resets = new LongAdder();

    public Numbering() {
        this(newToken());
    }

    public Numbering(final String token) {
        this.token = requireToken(token);
    }

    /** A fresh random token: lower-case letters and digits, no '-'. */
    public static String newToken() {
        final long bits = RANDOM.nextLong() & ((1L << TOKEN_BITS) - 1);
        return Long.toString(bits | (1L << TOKEN_BITS), Character.MAX_RADIX).toLowerCase(Locale.ROOT);
    }

    private static String requireToken(final String token) {
        if (token == null || token.isEmpty() || token.indexOf('-') >= 0 || token.length() > 32) {
            throw new IllegalArgumentException("not a numbering token: " + token);
        }
        return token;
    }

    /** The token of the numbering in use. */
    public String token() {
        return token;
    }

    /** The token of the run before (whose numbers this run's durable history took back), or null. */
    public String previous() {
        return previous;
    }

    /** At start, from the durable history: the previous run's token. */
    public void carriedFrom(final String previousToken) {
        this.previous = previousToken == null ? null : requireToken(previousToken);
    }

    /**
     * Use the primary's numbering (a backup, while it is not serving): after a take-over it numbers above the
     * primary's numbers, so the primary's subscribers resume without a reset.
     */
    public void adopt(final String primaryToken) {
        final String adopted = requireToken(primaryToken);
        if (!adopted.equals(token)) {
            previous = null; // this instance's own run before is not the primary's
            token = adopted;
        }
    }

    /** How an id of numbering {@code otherToken} (null: a plain number) relates to the numbering in use. */
    public ResumeNumbering classify(final String otherToken) {
        if (otherToken == null || otherToken.equals(token)) {
            return ResumeNumbering.SAME;
        }
        return otherToken.equals(previous) ? ResumeNumbering.PREVIOUS : ResumeNumbering.OTHER;
    }

    void resetAnnounced() {
        resets.increment();
    }

    /** Reset notices sent to resuming subscribers so far. */
    public long resetsAnnounced() {
        return resets.sum();
    }
}
