package io.eventhandler.petri.predict;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/** A plain PNG of a latency CDF with its p50/p90/p99 marked, drawn with Java2D (headless). */
public final class CdfPlot {

    private static final int WIDTH = 800;
    private static final int HEIGHT = 500;
    private static final int MARGIN = 60;

    private CdfPlot() {
    }

    public static void write(final Prediction prediction, final String title, final Path file) throws IOException {
        final LatencyDistribution cdf = prediction.endToEnd();
        final BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
        final Graphics2D g = image.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, WIDTH, HEIGHT);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
            final double xMax = Math.max(prediction.p99() * 1.5, cdf.step());
            final int plotWidth = WIDTH - 2 * MARGIN;
            final int plotHeight = HEIGHT - 2 * MARGIN;

            g.setColor(Color.LIGHT_GRAY);
            for (int i = 0; i <= 10; i++) {
                final int y = HEIGHT - MARGIN - i * plotHeight / 10;
                g.drawLine(MARGIN, y, WIDTH - MARGIN, y);
                final int x = MARGIN + i * plotWidth / 10;
                g.drawLine(x, MARGIN, x, HEIGHT - MARGIN);
            }
            g.setColor(Color.BLACK);
            g.drawRect(MARGIN, MARGIN, plotWidth, plotHeight);
            for (int i = 0; i <= 10; i += 2) {
                g.drawString(String.format(Locale.ROOT, "%.1f", i / 10.0), MARGIN - 30, HEIGHT - MARGIN - i * plotHeight / 10 + 4);
                g.drawString(String.format(Locale.ROOT, "%.2f", xMax * i / 10), MARGIN + i * plotWidth / 10 - 12,
                        HEIGHT - MARGIN + 18);
            }
            g.drawString("latency (ms)", WIDTH / 2 - 30, HEIGHT - 15);
            g.drawString(title, MARGIN, MARGIN - 20);

            g.setColor(new Color(0, 90, 180));
            g.setStroke(new BasicStroke(2f));
            int lastX = MARGIN;
            int lastY = HEIGHT - MARGIN;
            for (int i = 0; i < cdf.size() && i * cdf.step() <= xMax; i++) {
                final int x = MARGIN + (int) Math.round(i * cdf.step() / xMax * plotWidth);
                final int y = HEIGHT - MARGIN - (int) Math.round(cdf.cdfAt(i) * plotHeight);
                g.drawLine(lastX, lastY, x, y);
                lastX = x;
                lastY = y;
            }
            g.setColor(new Color(200, 60, 0));
            g.setStroke(new BasicStroke(1f));
            mark(g, "p50", prediction.p50(), xMax, plotWidth);
            mark(g, "p90", prediction.p90(), xMax, plotWidth);
            mark(g, "p99", prediction.p99(), xMax, plotWidth);
        } finally {
            g.dispose();
        }
        ImageIO.write(image, "png", file.toFile());
    }

    private static void mark(final Graphics2D g, final String label, final double at, final double xMax,
                             final int plotWidth) {
        if (Double.isNaN(at)) {
            return;
        }
        final int x = MARGIN + (int) Math.round(at / xMax * plotWidth);
        g.drawLine(x, MARGIN, x, HEIGHT - MARGIN);
        g.drawString(String.format(Locale.ROOT, "%s %.3f", label, at), x + 3, MARGIN + 14 + 14 * label.charAt(2) % 3);
    }
}
