package io.eventhandler.petri.net;

import java.math.BigDecimal;
import java.math.MathContext;

/** Text forms of expolynomial densities for Sirio's parser. */
final class Expolynomials {

    private Expolynomials() {
    }

    /**
     * weight·Erlang(k, rate) density at (x − shift), as a sum of c·x^j·Exp[−rate x] terms: Sirio's expolynomials
     * have no shifted variable, so (x−s)^(k−1)·e^(−λ(x−s)) is expanded binomially.
     */
    static String shiftedErlang(final double shift, final int k, final double rate, final double weight) {
        final double norm = weight * Math.pow(rate, k) / factorial(k - 1) * Math.exp(rate * shift);
        final StringBuilder density = new StringBuilder();
        for (int j = 0; j < k; j++) {
            final double coefficient = norm * binomial(k - 1, j) * Math.pow(-shift, k - 1 - j);
            if (coefficient == 0) {
                continue;
            }
            if (density.length() > 0) {
                density.append(" + ");
            }
            // plain decimals: Sirio splits terms on '+', so no exponent notation
            density.append(plain(coefficient)).append(j == 0 ? "" : " * x^" + j)
                    .append(" * Exp[-").append(plain(rate)).append(" x]");
        }
        return density.toString();
    }

    private static String plain(final double value) {
        return new BigDecimal(value).round(new MathContext(15)).toPlainString();
    }

    private static double binomial(final int n, final int j) {
        return factorial(n) / factorial(j) / factorial(n - j);
    }

    private static double factorial(final int n) {
        double f = 1;
        for (int i = 2; i <= n; i++) {
            f *= i;
        }
        return f;
    }
}
