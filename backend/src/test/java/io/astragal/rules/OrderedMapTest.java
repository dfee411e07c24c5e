package io.astragal.rules;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class OrderedMapTest {

    private static Map<String, Object> linked(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    @Test
    @DisplayName("Keeps the entries in the order given, is written by Jackson in that order, and finds each by key")
    void keepsTheOrderGiven() {
        Map<String, Object> map = OrderedMap.of("zeta", 1, "alpha", "two", "mid", null);

        assertThat(map.keySet()).containsExactly("zeta", "alpha", "mid");
        assertThat(JsonMapper.builder().build().writeValueAsString(map)).isEqualTo("{\"zeta\":1,\"alpha\":\"two\",\"mid\":null}");
        assertThat(map.get("alpha")).isEqualTo("two");
        assertThat(map.containsKey("mid")).isTrue();
        assertThat(map.get("absent")).isNull();
        assertThat(map.containsKey("absent")).isFalse();
        assertThat(OrderedMap.copyOf(linked("b", 2, "a", 1)).keySet()).containsExactly("b", "a");
    }

    @Test
    @DisplayName("Equals, and hashes like, any map of the same entries, so equal view records stay equal")
    void equalsAnyMapOfTheSameEntries() {
        Map<String, Object> map = OrderedMap.of("weapon", "Club", "attack", 0);
        Map<String, Object> hashed = new HashMap<>(Map.of("attack", 0, "weapon", "Club"));

        assertThat(map).isEqualTo(hashed);
        assertThat(hashed).isEqualTo(map);
        assertThat(map.hashCode()).isEqualTo(hashed.hashCode());
        assertThat(map).isNotEqualTo(OrderedMap.of("weapon", "Club", "attack", 1));
    }

    @Test
    @DisplayName("Cannot be changed, and a copy of one is the same map")
    void cannotBeChanged() {
        Map<String, Object> map = OrderedMap.copyOf(linked("a", 1));

        assertThatThrownBy(() -> map.put("b", 2)).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> map.remove("a")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> map.entrySet().iterator().next().setValue(3)).isInstanceOf(UnsupportedOperationException.class);
        assertThat(OrderedMap.copyOf(map)).isSameAs(map);
    }

    @Test
    @DisplayName("Refuses a repeated key, a null key and an odd number of keys and values")
    void refusesMalformedEntries() {
        assertThatThrownBy(() -> OrderedMap.of("a", 1, "a", 2)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("duplicate key a");
        assertThatThrownBy(() -> OrderedMap.of("a", 1, "b")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> OrderedMap.of(null, 1)).isInstanceOf(NullPointerException.class);
    }
}
