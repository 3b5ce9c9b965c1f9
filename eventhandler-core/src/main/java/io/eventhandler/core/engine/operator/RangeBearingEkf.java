package io.eventhandler.core.engine.operator;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;

/**
 * An extended Kalman filter for a target moving in a plane, seen by a sensor at the origin that measures range and
 * bearing.
 *
 * <p>State {@code [x, y, vx, vy]} (m, m/s). Motion: constant velocity, {@code x' = F x} with
 * {@code F = [[1,0,dt,0],[0,1,0,dt],[0,0,1,0],[0,0,0,1]]}. Process noise: white acceleration of variance {@code q}
 * (m²/s⁴) held over each step, so {@code Q = q·[[dt⁴/4,0,dt³/2,0],[0,dt⁴/4,0,dt³/2],[dt³/2,0,dt²,0],
 * [0,dt³/2,0,dt²]]}. Measurement: {@code h(x) = [sqrt(x²+y²), atan2(y, x)]} with noise
 * {@code R = diag(rangeVariance, bearingVariance)} (m², rad²), linearised by the analytic Jacobian
 * {@code H = [[x/r, y/r, 0, 0], [-y/r², x/r², 0, 0]]}. The bearing innovation is wrapped to [-π, π] so a target
 * crossing the negative x axis does not make a 2π jump. The covariance update uses the Joseph form, which stays
 * symmetric and positive semi-definite under rounding.
 *
 * <p>Not thread-safe: it is one filter's state. All matrices are allocated once, so a step allocates nothing.
 */
public final class RangeBearingEkf {

    /** Below this predicted range (m) the bearing is undefined and the Jacobian blows up: the step only predicts. */
    static final double MIN_RANGE = 1e-9;

    private static final double TWO_PI = 2 * Math.PI;

    private final DMatrixRMaj x = new DMatrixRMaj(4, 1);
    private final DMatrixRMaj p = new DMatrixRMaj(4, 4);
    private final DMatrixRMaj f = CommonOps_DDRM.identity(4);
    private final DMatrixRMaj q = new DMatrixRMaj(4, 4);
    private final DMatrixRMaj r = new DMatrixRMaj(2, 2);
    private final double initialVariance;
    private boolean initialized;

    // work matrices, reused every step (EJML's mult must not write into one of its operands)
    private final DMatrixRMaj x1 = new DMatrixRMaj(4, 1);
    private final DMatrixRMaj a44 = new DMatrixRMaj(4, 4);
    private final DMatrixRMaj b44 = new DMatrixRMaj(4, 4);
    private final DMatrixRMaj ikh = new DMatrixRMaj(4, 4);
    private final DMatrixRMaj h = new DMatrixRMaj(2, 4);
    private final DMatrixRMaj pht = new DMatrixRMaj(4, 2);
    private final DMatrixRMaj s = new DMatrixRMaj(2, 2);
    private final DMatrixRMaj sInv = new DMatrixRMaj(2, 2);
    private final DMatrixRMaj k = new DMatrixRMaj(4, 2);
    private final DMatrixRMaj kr = new DMatrixRMaj(4, 2);
    private final DMatrixRMaj innovation = new DMatrixRMaj(2, 1);

    /**
     * @param dt               time step (s), > 0
     * @param processNoise     q, variance of the white acceleration (m²/s⁴), >= 0
     * @param rangeVariance    variance of a range measurement (m²), > 0
     * @param bearingVariance  variance of a bearing measurement (rad²), > 0
     * @param initialState     {@code [x, y, vx, vy]}, or null to start from the first measurement (at rest)
     * @param initialVariance  the diagonal of the initial covariance, > 0
     */
    public RangeBearingEkf(final double dt, final double processNoise, final double rangeVariance,
                           final double bearingVariance, final double[] initialState, final double initialVariance) {
        f.set(0, 2, dt);
        f.set(1, 3, dt);
        final double dt2 = dt * dt;
        final double dt3 = dt2 * dt / 2;
        final double dt4 = dt2 * dt2 / 4;
        q.set(0, 0, processNoise * dt4);
        q.set(1, 1, processNoise * dt4);
        q.set(0, 2, processNoise * dt3);
        q.set(2, 0, processNoise * dt3);
        q.set(1, 3, processNoise * dt3);
        q.set(3, 1, processNoise * dt3);
        q.set(2, 2, processNoise * dt2);
        q.set(3, 3, processNoise * dt2);
        r.set(0, 0, rangeVariance);
        r.set(1, 1, bearingVariance);
        this.initialVariance = initialVariance;
        if (initialState != null) {
            if (initialState.length != 4) {
                throw new IllegalArgumentException("initial state has " + initialState.length
                        + " values, expected 4 (x, y, vx, vy)");
            }
            x.setData(initialState.clone());
            resetCovariance();
            initialized = true;
        }
    }

    /**
     * Takes one measurement. The first one, when no initial state was given, only initialises the state at the
     * measured position with zero velocity; every later one is a predict step then an update step.
     *
     * @param range   r (m)
     * @param bearing θ (rad)
     */
    public void step(final double range, final double bearing) {
        if (!initialized) {
            x.set(0, 0, range * Math.cos(bearing));
            x.set(1, 0, range * Math.sin(bearing));
            x.set(2, 0, 0);
            x.set(3, 0, 0);
            resetCovariance();
            initialized = true;
            return;
        }
        predict();
        update(range, bearing);
    }

    /** x = F x; P = F P Fᵀ + Q. */
    void predict() {
        CommonOps_DDRM.mult(f, x, x1);
        x.setTo(x1);
        CommonOps_DDRM.mult(f, p, a44);
        CommonOps_DDRM.multTransB(a44, f, p);
        CommonOps_DDRM.addEquals(p, q);
    }

    /** The EKF update; skipped when the predicted position is (nearly) the origin. */
    void update(final double range, final double bearing) {
        final double px = x.get(0, 0);
        final double py = x.get(1, 0);
        final double r2 = px * px + py * py;
        final double predictedRange = Math.sqrt(r2);
        if (predictedRange < MIN_RANGE) {
            return;
        }
        h.set(0, 0, px / predictedRange);
        h.set(0, 1, py / predictedRange);
        h.set(1, 0, -py / r2);
        h.set(1, 1, px / r2);
        innovation.set(0, 0, range - predictedRange);
        innovation.set(1, 0, Math.IEEEremainder(bearing - Math.atan2(py, px), TWO_PI));

        CommonOps_DDRM.multTransB(p, h, pht);       // P Hᵀ
        CommonOps_DDRM.mult(h, pht, s);             // H P Hᵀ
        CommonOps_DDRM.addEquals(s, r);             // S = H P Hᵀ + R
        if (!CommonOps_DDRM.invert(s, sInv)) {
            throw new IllegalStateException("innovation covariance is singular");
        }
        CommonOps_DDRM.mult(pht, sInv, k);          // K = P Hᵀ S⁻¹
        CommonOps_DDRM.multAdd(k, innovation, x);   // x += K y

        CommonOps_DDRM.mult(k, h, a44);
        CommonOps_DDRM.setIdentity(ikh);
        CommonOps_DDRM.subtractEquals(ikh, a44);    // I - K H
        CommonOps_DDRM.mult(ikh, p, a44);
        CommonOps_DDRM.multTransB(a44, ikh, b44);   // (I - K H) P (I - K H)ᵀ
        CommonOps_DDRM.mult(k, r, kr);
        CommonOps_DDRM.multAddTransB(kr, k, b44);   // + K R Kᵀ
        p.setTo(b44);
    }

    /** Whether a state exists (an initial one was given, or a measurement was taken). */
    public boolean initialized() {
        return initialized;
    }

    /** Copies the state {@code [x, y, vx, vy]} into {@code into} (length >= 4) and returns it. */
    public double[] state(final double[] into) {
        System.arraycopy(x.data, 0, into, 0, 4);
        return into;
    }

    /** One entry of the state covariance P. */
    public double covariance(final int row, final int column) {
        return p.get(row, column);
    }

    private void resetCovariance() {
        CommonOps_DDRM.setIdentity(p);
        CommonOps_DDRM.scale(initialVariance, p);
    }
}
