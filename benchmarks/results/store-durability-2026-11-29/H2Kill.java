// By-hand check of when an H2 commit reaches the file (lab/notebook/store-durability.md). Usage:
//   java -cp h2.jar H2Kill.java URL MODE N   then   java -cp h2.jar H2Kill.java URL count 0
// MODE plain: N transactions of one insert each, then Runtime.halt (as SIGKILL: nothing of the JVM runs after);
// checkpoint / sync: CHECKPOINT / CHECKPOINT SYNC after each; idle: one insert, then N transactions that change
// nothing, each followed by CHECKPOINT SYNC (the cost of a sync with nothing to write).
import java.sql.*;
public class H2Kill {
  public static void main(String[] a) throws Exception {
    String url = a[0]; String mode = a[1]; int n = Integer.parseInt(a[2]);
    try (Connection c = DriverManager.getConnection(url)) {
      c.setAutoCommit(false);
      c.createStatement().execute("CREATE TABLE IF NOT EXISTS t(id INT PRIMARY KEY)");
      c.commit();
      if (mode.equals("count")) { ResultSet r = c.createStatement().executeQuery("SELECT COUNT(*) FROM t"); r.next(); System.out.println("count " + r.getInt(1)); return; }
      long t0 = System.nanoTime(); for (int i = 0; i < n; i++) {
        if (!mode.equals("idle") || i == 0) {
          c.createStatement().execute("INSERT INTO t VALUES (" + i + ")");
          c.commit();
        }
        if (mode.equals("checkpoint")) c.createStatement().execute("CHECKPOINT");
        if (mode.equals("idle") && i > 0) { c.createStatement().execute("DELETE FROM t WHERE id = " + i); c.commit(); }
        if (mode.equals("idle") && i == 0) t0 = System.nanoTime();
        if (mode.equals("idle")) c.createStatement().execute("CHECKPOINT SYNC");
        if (mode.equals("sync")) c.createStatement().execute("CHECKPOINT SYNC");
      }
      System.out.println("committed " + n + " in " + (System.nanoTime()-t0)/1000/n + " us each");
      Runtime.getRuntime().halt(9);
    }
  }
}
