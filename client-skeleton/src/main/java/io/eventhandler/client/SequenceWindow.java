package io.eventhandler.client;

import java.util.Arrays;

/**
 * The sequence numbers (from 1) seen of one publisher's topic: the highest, and which of the {@value #SIZE} below it
 * (a sliding bitmap, as anti-replay windows keep). A number further behind than that counts as seen: it can only be
 * an old copy. Not thread-safe.
 */
final class SequenceWindow {

    /** How many numbers below the highest are told apart. */
    static final int SIZE = 4096;
    private static final int MASK = SIZE - 1;

    private final long[] bits = new long[SIZE / Long.SIZE];
    /** 0 while none was seen. */
    private long highest;

    /**
     * Records {@code sequence} (≥ 1) as seen.
     *
     * @return whether it was new: false when seen before or more than {@value #SIZE} behind the highest
     */
    boolean firstTime(final long sequence) {
        if (sequence <= 0) {
            throw new IllegalArgumentException("sequence numbers start at 1: " + sequence);
        }
        if (sequence > highest) {
            // the slots between the old and the new highest hold numbers that are now out of the window
            if (sequence - highest >= SIZE) {
                Arrays.fill(bits, 0);
            } else {
                for (long s = highest + 1; s < sequence; s++) {
                    clear(s);
                }
            }
            highest = sequence;
            set(sequence);
            return true;
        }
        if (sequence <= highest - SIZE || isSet(sequence)) {
            return false;
        }
        set(sequence);
        return true;
    }

    /** Forgets {@code sequence} if it is in the window, so that its next copy counts as new (its delivery failed). */
    void forget(final long sequence) {
        if (sequence > 0 && sequence <= highest && sequence > highest - SIZE) {
            clear(sequence);
        }
    }

    /** The highest number seen, 0 if none. */
    long highest() {
        return highest;
    }

    private boolean isSet(final long sequence) {
        final int slot = (int) (sequence & MASK);
        return (bits[slot >>> 6] & (1L << slot)) != 0;
    }

    private void set(final long sequence) {
        final int slot = (int) (sequence & MASK);
        bits[slot >>> 6] |= 1L << slot;
    }

    private void clear(final long sequence) {
        final int slot = (int) (sequence & MASK);
        bits[slot >>> 6] &= ~(1L << slot);
    }
}
