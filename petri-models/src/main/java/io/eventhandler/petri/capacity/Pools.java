package io.eventhandler.petri.capacity;

/** The server's two thread pools the capacity model sizes: Grizzly workers and delivery workers. */
public record Pools(int workers, int delivery) {

    public Pools {
        if (workers < 1 || delivery < 1) {
            throw new IllegalArgumentException("pool sizes must be at least 1: workers " + workers + ", delivery "
                    + delivery);
        }
    }

    /** {@code 2x4}: 2 workers, 4 delivery threads. */
    public static Pools parse(final String text) {
        final String[] parts = text.trim().split("x");
        if (parts.length != 2) {
            throw new IllegalArgumentException("a pool configuration is WORKERSxDELIVERY, e.g. 2x2, not '" + text + "'");
        }
        try {
            return new Pools(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim()));
        } catch (final NumberFormatException e) {
            throw new IllegalArgumentException("a pool configuration is WORKERSxDELIVERY, e.g. 2x2, not '" + text + "'");
        }
    }

    @Override
    public String toString() {
        return workers + "x" + delivery;
    }
}
