package io.astragal.rules;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;

/**
 * An immutable map that keeps its entries in the order given, in one array. The maps of the view
 * records (an action's arguments, a combatant's stats, the hands of the deck) are built once per
 * fan-out, written once or twice and read by key rarely: as a {@code LinkedHashMap} copy wrapped
 * unmodifiable each took a hash table, an entry per key and, at every write, a wrapper per entry,
 * a tenth of all the server allocated at 1,000 commands a second (docs/performance.md, step 31).
 * Lookups scan the array: these maps hold a few dozen entries at most. Null values are kept, as
 * in the maps they replace; null keys are not.
 */
public final class OrderedMap<V> extends AbstractMap<String, V> {

    @SuppressWarnings("unchecked")
    private static final OrderedMap<Object> EMPTY = new OrderedMap<>(new SimpleImmutableEntry[0]);

    private final SimpleImmutableEntry<String, V>[] entries;

    private OrderedMap(SimpleImmutableEntry<String, V>[] entries) {
        this.entries = entries;
    }

    /** The entries of {@code map} in its iteration order; the map itself when it is one of these. */
    @SuppressWarnings("unchecked")
    public static <V> Map<String, V> copyOf(Map<String, ? extends V> map) {
        if (map instanceof OrderedMap<?> ordered) {
            return (OrderedMap<V>) ordered;
        }
        if (map.isEmpty()) {
            return (OrderedMap<V>) EMPTY;
        }
        SimpleImmutableEntry<String, V>[] entries = new SimpleImmutableEntry[map.size()];
        int i = 0;
        for (Map.Entry<String, ? extends V> e : map.entrySet()) {
            entries[i++] = new SimpleImmutableEntry<>(Objects.requireNonNull(e.getKey(), "key"), e.getValue());
        }
        return new OrderedMap<>(entries);
    }

    /** Keys and values in turn, each key a distinct String: {@code of("weapon", "Club", "attack", 0)}. */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> of(Object... keysAndValues) {
        if (keysAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("keys and values in pairs, got " + keysAndValues.length + " items");
        }
        SimpleImmutableEntry<String, Object>[] entries = new SimpleImmutableEntry[keysAndValues.length / 2];
        for (int i = 0; i < entries.length; i++) {
            String key = (String) Objects.requireNonNull(keysAndValues[2 * i], "key");
            for (int j = 0; j < i; j++) {
                if (entries[j].getKey().equals(key)) {
                    throw new IllegalArgumentException("duplicate key " + key);
                }
            }
            entries[i] = new SimpleImmutableEntry<>(key, keysAndValues[2 * i + 1]);
        }
        return new OrderedMap<>(entries);
    }

    @Override
    public int size() {
        return entries.length;
    }

    @Override
    public boolean containsKey(Object key) {
        return find(key) >= 0;
    }

    @Override
    public V get(Object key) {
        int at = find(key);
        return at < 0 ? null : entries[at].getValue();
    }

    private int find(Object key) {
        for (int i = 0; i < entries.length; i++) {
            if (entries[i].getKey().equals(key)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public Set<Map.Entry<String, V>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Map.Entry<String, V>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < entries.length;
                    }

                    @Override
                    public Map.Entry<String, V> next() {
                        if (next >= entries.length) {
                            throw new NoSuchElementException();
                        }
                        return entries[next++];
                    }
                };
            }

            @Override
            public int size() {
                return entries.length;
            }
        };
    }
}
