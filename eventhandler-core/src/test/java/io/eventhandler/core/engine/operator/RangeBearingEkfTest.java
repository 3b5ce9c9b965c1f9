package io.eventhandler.core.engine.operator;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RangeBearingEkfTest {

    private static final double DT = 1;
    private static final double Q = 0.1;
    private static final double VAR_R = 0.01;
    private static final double VAR_B = 0.001;

    @Test
    void shouldPredictWithConstantVelocityAndWhiteAccelerationNoise() {
        final RangeBearingEkf ekf = new RangeBearingEkf(DT, Q, VAR_R, VAR_B, new double[] {10, 5, 1, -1}, 2);
        ekf.predict();
        assertArrayClose(new double[] {11, 4, 1, -1}, ekf.state(new double[4]), 1e-12);
        // P = F (2I) Fᵀ + Q by hand, dt = 1: F Fᵀ = [[2,0,1,0],[0,2,0,1],[1,0,1,0],[0,1,0,1]],
        // Q = 0.1 [[1/4,0,1/2,0],[0,1/4,0,1/2],[1/2,0,1,0],[0,1/2,0,1]]
        final double[][] expected = {
                {4.025, 0, 2.05, 0},
                {0, 4.025, 0, 2.05},
                {2.05, 0, 2.1, 0},
                {0, 2.05, 0, 2.1}};
        assertCovariance(expected, ekf, 1e-12);
    }

    @Test
    void shouldMatchAHandComputedUpdate() {
        final RangeBearingEkf ekf = new RangeBearingEkf(DT, Q, VAR_R, VAR_B, new double[] {10, 5, 1, -1}, 2);
        final double range = 12;
        final double bearing = 0.35;
        ekf.step(range, bearing);

        // the same step in plain arithmetic, textbook form P = (I - K H) P
        final double[] x = {11, 4, 1, -1};
        final double[][] p = {
                {4.025, 0, 2.05, 0},
                {0, 4.025, 0, 2.05},
                {2.05, 0, 2.1, 0},
                {0, 2.05, 0, 2.1}};
        final double r2 = x[0] * x[0] + x[1] * x[1];
        final double r = Math.sqrt(r2);
        final double[][] h = {{x[0] / r, x[1] / r, 0, 0}, {-x[1] / r2, x[0] / r2, 0, 0}};
        final double[] y = {range - r, bearing - Math.atan2(x[1], x[0])};
        final double[][] pht = mul(p, transpose(h));
        final double[][] s = mul(h, pht);
        s[0][0] += VAR_R;
        s[1][1] += VAR_B;
        final double det = s[0][0] * s[1][1] - s[0][1] * s[1][0];
        final double[][] sInv = {{s[1][1] / det, -s[0][1] / det}, {-s[1][0] / det, s[0][0] / det}};
        final double[][] k = mul(pht, sInv);
        final double[] expectedState = new double[4];
        for (int i = 0; i < 4; i++) {
            expectedState[i] = x[i] + k[i][0] * y[0] + k[i][1] * y[1];
        }
        final double[][] kh = mul(k, h);
        final double[][] ikh = new double[4][4];
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                ikh[i][j] = (i == j ? 1 : 0) - kh[i][j];
            }
        }
        final double[][] expectedCovariance = mul(ikh, p);

        assertArrayClose(expectedState, ekf.state(new double[4]), 1e-10);
        assertCovariance(expectedCovariance, ekf, 1e-10);
        // sanity of the hand computation itself: the range residual shrinks after the update
        final double[] est = ekf.state(new double[4]);
        assertTrue(Math.abs(Math.hypot(est[0], est[1]) - range) < Math.abs(r - range));
    }

    @Test
    void shouldConvergeOnANoiselessTrajectory() {
        final double dt = 0.1;
        final RangeBearingEkf ekf = new RangeBearingEkf(dt, 1e-4, 1e-4, 1e-6, null, 100);
        double px = 100;
        double py = 50;
        final double vx = 3;
        final double vy = -2;
        for (int step = 0; step < 400; step++) {
            ekf.step(Math.hypot(px, py), Math.atan2(py, px));
            px += vx * dt;
            py += vy * dt;
        }
        px -= vx * dt;
        py -= vy * dt;
        final double[] est = ekf.state(new double[4]);
        assertEquals(px, est[0], 1e-2);
        assertEquals(py, est[1], 1e-2);
        assertEquals(vx, est[2], 1e-2);
        assertEquals(vy, est[3], 1e-2);
    }

    @Test
    void shouldWrapTheBearingInnovationAcrossTheNegativeXAxis() {
        // predicted bearing just below +π, measured just above -π: the true difference is small
        final RangeBearingEkf ekf = new RangeBearingEkf(1, 0.01, 0.01, 1e-4, new double[] {-10, 0.01, 0, 0}, 1);
        ekf.step(10, -Math.PI + 0.001);
        final double[] est = ekf.state(new double[4]);
        assertEquals(-10, est[0], 0.1);
        assertTrue(Math.abs(est[1]) < 0.05, "y stays near the axis, got " + est[1]);
    }

    @Test
    void shouldStartAtTheFirstMeasurementWithoutAnInitialState() {
        final RangeBearingEkf ekf = new RangeBearingEkf(1, 0.1, 0.01, 0.001, null, 5);
        assertFalse(ekf.initialized());
        ekf.step(2, Math.PI / 2);
        assertArrayClose(new double[] {0, 2, 0, 0}, ekf.state(new double[4]), 1e-12);
        assertEquals(5, ekf.covariance(3, 3));
    }

    @Test
    void operatorShouldReadRangeBearingAndWriteTheState() {
        final Operator ekf = new EkfOperatorFactory().create(Map.of("dt", "1", "process-noise", "0.1",
                "measurement-noise-range", "0.01", "measurement-noise-bearing", "0.001"), 1);
        assertFalse(ekf.threadSafe());
        assertArrayClose(new double[] {0, 2, 0, 0}, Samples.parse(ekf.apply(List.of("2,1.5707963267948966"))
                .orElseThrow()), 1e-12);
        assertEquals(4, Samples.parse(ekf.apply(List.of("2.1,1.6")).orElseThrow()).length);
        assertThrows(IllegalArgumentException.class, () -> ekf.apply(List.of("1,2,3")));
        assertThrows(IllegalArgumentException.class, () -> ekf.apply(List.of("-1,0")));
    }

    @Test
    void factoryShouldNameTheBadParameter() {
        final EkfOperatorFactory factory = new EkfOperatorFactory();
        final Map<String, String> ok = Map.of("dt", "1", "process-noise", "0.1", "measurement-noise-range", "0.01",
                "measurement-noise-bearing", "0.001");
        assertMessage(() -> factory.create(Map.of("process-noise", "0.1", "measurement-noise-range", "0.01",
                "measurement-noise-bearing", "0.001"), 1), "'dt' is required");
        assertMessage(() -> factory.create(with(ok, "dt", "0"), 1), "'dt' must be > 0");
        assertMessage(() -> factory.create(with(ok, "process-noise", "x"), 1), "'process-noise' must be a decimal");
        assertMessage(() -> factory.create(with(ok, "measurement-noise-bearing", "-1"), 1),
                "'measurement-noise-bearing' must be > 0");
        assertMessage(() -> factory.create(with(ok, "initial-state", "1,2,3"), 1), "'initial-state' must have 4");
        assertMessage(() -> factory.create(with(ok, "dtt", "1"), 1), "unknown parameter(s) [dtt]");
        assertMessage(() -> factory.create(ok, 2), "takes 1 input");
        assertTrue(factory.create(with(ok, "initial-state", "1,2,3,4"), 1).apply(List.of("3,0")).isPresent());
    }

    static Map<String, String> with(final Map<String, String> base, final String key, final String value) {
        final java.util.HashMap<String, String> copy = new java.util.HashMap<>(base);
        copy.put(key, value);
        return copy;
    }

    static void assertMessage(final org.junit.jupiter.api.function.Executable call, final String expected) {
        final IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().contains(expected), () -> "message '" + e.getMessage() + "' lacks '" + expected
                + "'");
    }

    private static void assertArrayClose(final double[] expected, final double[] actual, final double tolerance) {
        assertEquals(expected.length, actual.length);
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], actual[i], tolerance, "element " + i);
        }
    }

    private static void assertCovariance(final double[][] expected, final RangeBearingEkf ekf, final double tol) {
        for (int i = 0; i < 4; i++) {
            for (int j = 0; j < 4; j++) {
                assertEquals(expected[i][j], ekf.covariance(i, j), tol, "P[" + i + "][" + j + "]");
            }
        }
    }

    private static double[][] mul(final double[][] a, final double[][] b) {
        final double[][] c = new double[a.length][b[0].length];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < b[0].length; j++) {
                for (int k = 0; k < b.length; k++) {
                    c[i][j] += a[i][k] * b[k][j];
                }
            }
        }
        return c;
    }

    private static double[][] transpose(final double[][] a) {
        final double[][] t = new double[a[0].length][a.length];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[0].length; j++) {
                t[j][i] = a[i][j];
            }
        }
        return t;
    }
}
