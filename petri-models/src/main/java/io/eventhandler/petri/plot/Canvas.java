package io.eventhandler.petri.plot;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.Shape;
import java.awt.geom.AffineTransform;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A chart drawn headless with Java2D: a title (and a smaller second line) that shrink to fit the width, a plot area
 * with a grid on the axes' ticks, each tick labelled on its own line, axis titles, clipped series and a legend.
 */
final class Canvas {

    static final int WIDTH = 1000;
    static final int HEIGHT = 640;
    private static final int LEFT = 90;
    private static final int RIGHT = 30;
    private static final int TOP = 80;
    private static final int BOTTOM = 70;

    private final BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
    private final Graphics2D g = image.createGraphics();
    private final Axis x;
    private final Axis y;

    Canvas(final Axis x, final Axis y) {
        this.x = x;
        this.y = y;
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, WIDTH, HEIGHT);
    }

    int px(final double value) {
        return LEFT + (int) Math.round(x.fraction(value) * (WIDTH - LEFT - RIGHT));
    }

    int py(final double value) {
        return HEIGHT - BOTTOM - (int) Math.round(y.fraction(value) * (HEIGHT - TOP - BOTTOM));
    }

    void frame(final String title, final String subtitle, final String xTitle, final String yTitle) {
        text(title, 26, 22f, Font.BOLD);
        text(subtitle, 52, 14f, Font.PLAIN);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        final FontMetrics metrics = g.getFontMetrics();
        for (final double tick : x.ticks()) {
            final int at = px(tick);
            grid(at, TOP, at, HEIGHT - BOTTOM);
            final String label = x.label(tick);
            g.setColor(Color.DARK_GRAY);
            g.drawString(label, at - metrics.stringWidth(label) / 2, HEIGHT - BOTTOM + 18);
        }
        for (final double tick : y.ticks()) {
            final int at = py(tick);
            grid(LEFT, at, WIDTH - RIGHT, at);
            final String label = y.label(tick);
            g.setColor(Color.DARK_GRAY);
            g.drawString(label, LEFT - 8 - metrics.stringWidth(label), at + metrics.getAscent() / 2 - 1);
        }
        g.setColor(Color.BLACK);
        g.setStroke(new BasicStroke(1f));
        g.drawRect(LEFT, TOP, WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 15));
        final FontMetrics axis = g.getFontMetrics();
        g.drawString(xTitle, LEFT + (WIDTH - LEFT - RIGHT - axis.stringWidth(xTitle)) / 2, HEIGHT - 22);
        final AffineTransform saved = g.getTransform();
        g.rotate(-Math.PI / 2);
        g.drawString(yTitle, -(TOP + (HEIGHT - TOP - BOTTOM + axis.stringWidth(yTitle)) / 2), 24);
        g.setTransform(saved);
    }

    private void grid(final int x1, final int y1, final int x2, final int y2) {
        g.setColor(new Color(225, 225, 225));
        g.setStroke(new BasicStroke(1f));
        g.drawLine(x1, y1, x2, y2);
    }

    /** A line of text centred at the top, its font shrunk until it fits the width. */
    private void text(final String text, final int baseline, final float size, final int style) {
        if (text == null || text.isEmpty()) {
            return;
        }
        float points = size;
        g.setFont(new Font(Font.SANS_SERIF, style, Math.round(points)));
        while (g.getFontMetrics().stringWidth(text) > WIDTH - 40 && points > 8) {
            points -= 0.5f;
            g.setFont(g.getFont().deriveFont(points));
        }
        g.setColor(Color.BLACK);
        g.drawString(text, (WIDTH - g.getFontMetrics().stringWidth(text)) / 2, baseline);
    }

    /** A polyline through the finite points, clipped to the plot area. */
    void line(final double[] xs, final double[] ys, final Color color, final float width, final boolean dashed) {
        final Path2D path = new Path2D.Double();
        boolean started = false;
        for (int i = 0; i < xs.length; i++) {
            if (!Double.isFinite(ys[i]) || !Double.isFinite(xs[i])) {
                started = false;
                continue;
            }
            if (started) {
                path.lineTo(px(xs[i]), py(ys[i]));
            } else {
                path.moveTo(px(xs[i]), py(ys[i]));
                started = true;
            }
        }
        draw(path, color, width, dashed);
    }

    /** The band between two curves over the same xs, filled translucent. */
    void band(final double[] xs, final double[] low, final double[] high, final Color color) {
        final Path2D path = new Path2D.Double();
        int first = -1;
        for (int i = 0; i < xs.length; i++) {
            if (Double.isFinite(high[i]) && Double.isFinite(low[i])) {
                if (first < 0) {
                    path.moveTo(px(xs[i]), py(high[i]));
                    first = i;
                } else {
                    path.lineTo(px(xs[i]), py(high[i]));
                }
            }
        }
        for (int i = xs.length - 1; i >= Math.max(first, 0); i--) {
            if (Double.isFinite(high[i]) && Double.isFinite(low[i])) {
                path.lineTo(px(xs[i]), py(low[i]));
            }
        }
        if (first < 0) {
            return;
        }
        path.closePath();
        clip(() -> {
            g.setColor(new Color(color.getRed(), color.getGreen(), color.getBlue(), 50));
            g.fill(path);
        });
    }

    /** A dashed horizontal line, labelled at its left end unless {@code label} is null (e.g. named in the legend). */
    void horizontal(final double value, final Color color, final String label) {
        final Path2D path = new Path2D.Double();
        path.moveTo(LEFT, py(value));
        path.lineTo(WIDTH - RIGHT, py(value));
        draw(path, color, 1.5f, true);
        if (label == null) {
            return;
        }
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        g.setColor(color);
        g.drawString(label, LEFT + 8, py(value) - 5);
    }

    void vertical(final double value, final Color color, final String label) {
        vertical(value, color, label, 0);
    }

    /** A dashed vertical line, its label on text row {@code row} from the top (rows keep labels apart). */
    void vertical(final double value, final Color color, final String label, final int row) {
        final Path2D path = new Path2D.Double();
        path.moveTo(px(value), TOP);
        path.lineTo(px(value), HEIGHT - BOTTOM);
        draw(path, color, 1.5f, true);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        g.setColor(color);
        final int width = g.getFontMetrics().stringWidth(label);
        final int at = px(value) + 5 + width > WIDTH - RIGHT ? px(value) - 5 - width : px(value) + 5;
        g.drawString(label, at, TOP + 16 + 18 * row);
    }

    /** A marked point with a label beside it. */
    void point(final double xValue, final double yValue, final Color color, final String label) {
        if (!Double.isFinite(yValue)) {
            return;
        }
        final int cx = px(xValue);
        final int cy = py(yValue);
        g.setColor(color);
        g.fillOval(cx - 5, cy - 5, 10, 10);
        g.setColor(Color.BLACK);
        g.drawOval(cx - 5, cy - 5, 10, 10);
        if (label != null) {
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 13));
            g.drawString(label, cx + 8, cy + 16);
        }
    }

    /** Legend entries (colour, width, text) in the plot's upper left corner. */
    void legend(final List<Entry> entries) {
        legend(entries, false);
    }

    /** Legend entries in the upper left corner, or the lower right one (where a CDF leaves room). */
    void legend(final List<Entry> entries, final boolean lowerRight) {
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        final FontMetrics metrics = g.getFontMetrics();
        final int width = entries.stream().mapToInt(e -> metrics.stringWidth(e.text())).max().orElse(0) + 50;
        final int height = entries.size() * 18 + 8;
        final int left = lowerRight ? WIDTH - RIGHT - 10 - width : LEFT + 10;
        final int top = lowerRight ? HEIGHT - BOTTOM - 10 - height : TOP + 26;
        g.setColor(new Color(255, 255, 255, 225));
        g.fillRect(left, top, width, height);
        g.setColor(Color.GRAY);
        g.drawRect(left, top, width, height);
        for (int i = 0; i < entries.size(); i++) {
            final Entry entry = entries.get(i);
            final int baseline = top + 18 + 18 * i;
            g.setColor(entry.color());
            g.setStroke(new BasicStroke(entry.width()));
            g.drawLine(left + 8, baseline - 5, left + 36, baseline - 5);
            g.setColor(Color.BLACK);
            g.drawString(entry.text(), left + 44, baseline);
        }
    }

    private void draw(final Shape shape, final Color color, final float width, final boolean dashed) {
        clip(() -> {
            g.setColor(color);
            g.setStroke(dashed ? new BasicStroke(width, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 1f,
                    new float[] {8f, 6f}, 0f) : new BasicStroke(width, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
            g.draw(shape);
        });
    }

    private void clip(final Runnable drawing) {
        final Shape saved = g.getClip();
        g.setClip(LEFT, TOP, WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
        drawing.run();
        g.setClip(saved);
    }

    void write(final Path file) throws IOException {
        g.dispose();
        ImageIO.write(image, "png", file.toFile());
    }

    /** One legend line. */
    record Entry(Color color, float width, String text) {
    }
}
