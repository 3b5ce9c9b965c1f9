package io.eventhandler.benchmarks.flink;

/**
 * A record of the Flink job: a supplier event, an operator's result or a derived event. A Flink POJO (public fields,
 * no-argument constructor), so Flink serializes it with its own POJO serializer, not Kryo.
 */
public class Item {

    /** Routing key: the supplier topic, then the joining operator's id, then the derived topic. */
    public String key;
    /** Which input of the joining operator this is (its position in the operator's declared inputs); -1 before. */
    public int input;
    /** t_b: the latest creation time of the supplier events this was computed from, wall clock microseconds. */
    public long tbMicros;
    public String payload;

    public Item() {
    }

    public Item(final String key, final int input, final long tbMicros, final String payload) {
        this.key = key;
        this.input = input;
        this.tbMicros = tbMicros;
        this.payload = payload;
    }

    @Override
    public String toString() {
        return "Item{" + key + ", input " + input + ", tb " + tbMicros + ", " + payload.length() + " chars}";
    }
}
