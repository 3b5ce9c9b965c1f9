import java.util.*;
public class Phases {
  public static void main(String[] a){
    for (int k : new int[]{3,6,9,12,15}) {
      SplittableRandom r = new SplittableRandom(42);
      StringBuilder b = new StringBuilder("k="+k+":");
      List<long[]> rel = new ArrayList<>();
      String[] kinds={"H","M","L"}; int[] n={3,k,2}; int[] samples={512,1024,2048}; long[] per={5000,10000,20000};
      for (int t=0;t<3;t++) for (int i=0;i<n[t];i++){ for(int s=0;s<samples[t];s++) r.nextInt(256); long ph=r.nextLong(per[t]); b.append(" "+kinds[t]+(i+1)+"="+ph); rel.add(new long[]{t,ph,per[t]}); }
      System.out.println(b);
      // for each high release in 20ms cycle, the time since the latest middle/low release start (mod)
      StringBuilder c=new StringBuilder("   high release -> gap since last M/L release (us):");
      for (long[] h: rel) if (h[0]==0) for (long t=h[1]; t<20000; t+=5000){ long best=Long.MAX_VALUE; String who="";
        for (long[] m: rel) if (m[0]>0) for (long u=m[1]; u<40000; u+=m[2]) { long d=((t+20000)-u); if(d>=0 && d<best){best=d;} }
        c.append(" ").append(best); }
      System.out.println(c);
    }
  }
}
