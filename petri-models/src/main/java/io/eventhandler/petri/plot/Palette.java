package io.eventhandler.petri.plot;

import java.awt.Color;

/** Distinguishable line colours (Okabe–Ito, readable with colour blindness), then greys. */
final class Palette {

    private static final Color[] COLORS = {
        new Color(0, 114, 178), new Color(213, 94, 0), new Color(0, 158, 115), new Color(204, 121, 167),
        new Color(230, 159, 0), new Color(86, 180, 233), new Color(120, 94, 240), new Color(140, 80, 40),
        new Color(0, 0, 0)};

    private Palette() {
    }

    static Color color(final int index) {
        return index < COLORS.length ? COLORS[index] : new Color(150, 150, 150);
    }
}
