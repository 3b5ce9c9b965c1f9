import java.util.Arrays;
import java.util.concurrent.locks.LockSupport;

/** Two threads hand a token back and forth with park/unpark: the round trip is two wake-ups. */
public class PingPong {
    static volatile int turn;
    public static void main(String[] args) throws Exception {
        final int n = Integer.parseInt(args[0]);
        final long[] rt = new long[n];
        final Thread[] peer = new Thread[2];
        peer[1] = new Thread(() -> {
            for (int i = 0; i < n + 10_000; i++) {
                while (turn != 1) LockSupport.park();
                turn = 0;
                LockSupport.unpark(peer[0]);
            }
        });
        peer[0] = Thread.currentThread();
        peer[1].setDaemon(true);
        peer[1].start();
        for (int i = -10_000; i < n; i++) {
            final long t0 = System.nanoTime();
            turn = 1;
            LockSupport.unpark(peer[1]);
            while (turn != 0) LockSupport.park();
            if (i >= 0) rt[i] = System.nanoTime() - t0;
        }
        Arrays.sort(rt);
        System.out.printf("round trip (two wake-ups) µs: p50 %.1f p90 %.1f p99 %.1f p99.9 %.1f%n",
                rt[n / 2] / 1e3, rt[n * 9 / 10] / 1e3, rt[n * 99 / 100] / 1e3, rt[n * 999 / 1000] / 1e3);
    }
}
