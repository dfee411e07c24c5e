package io.astragal.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.JsonPatch;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The patch each member gets turns the view they had into the view they have now. */
class JsonDiffTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static JsonNode json(String text) {
        return JSON.readTree(text.replace('\'', '"'));
    }

    private static JsonNode diff(JsonNode from, JsonNode to) {
        return JSON.readTree(JsonDiff.diff(JSON, JSON.writeValueAsBytes(from), JSON.writeValueAsBytes(to)).json());
    }

    private static void assertPatchTurns(JsonNode from, JsonNode to) {
        JsonNode patch = diff(from, to);
        assertThat(JsonPatch.apply(from.deepCopy(), patch)).as("patch " + patch).isEqualTo(to);
    }

    @Test
    void aThreadsIndexesCarryNothingFromOneDiffToTheNext() {
        // One thread diffs every member's view in turn with the same two indexes: a big view, one
        // past the size whose arrays are let go, then a small one.
        StringBuilder big = new StringBuilder("{'list':[");
        for (int i = 0; i < 20_000; i++) {
            big.append(i == 0 ? "" : ",").append("{'n':").append(i).append('}');
        }
        JsonNode bigFrom = json(big + "],'end':1}");
        JsonNode bigTo = json(big + "],'end':2}");
        assertThat(diff(bigFrom, bigTo).toString()).isEqualTo("[{\"op\":\"replace\",\"path\":\"/end\",\"value\":2}]");
        JsonNode from = json("{'a':{'b':1},'c':[1,2]}");
        JsonNode to = json("{'a':{'b':2},'c':[1,2]}");
        assertThat(diff(from, to).toString()).isEqualTo("[{\"op\":\"replace\",\"path\":\"/a/b\",\"value\":2}]");
        assertThat(diff(bigFrom, bigTo)).hasSize(1);
    }

    @Test
    void identicalViewsGiveAnEmptyPatch() {
        JsonNode view = json("{'a':{'b':[1,2,{'c':'x'}]},'d':null}");
        assertThat(diff(view, view.deepCopy())).isEmpty();
    }

    @Test
    void onlyWhatChangedIsInThePatch() {
        JsonNode from = json("{'seq':4,'deck':{'left':40},'combatants':[{'hp':5,'name':'Orc'},{'hp':7}]}");
        JsonNode to = json("{'seq':5,'deck':{'left':39},'combatants':[{'hp':5,'name':'Orc'},{'hp':3}]}");
        assertThat(diff(from, to).toString()).isEqualTo(
                "[{\"op\":\"replace\",\"path\":\"/seq\",\"value\":5},"
                        + "{\"op\":\"replace\",\"path\":\"/deck/left\",\"value\":39},"
                        + "{\"op\":\"replace\",\"path\":\"/combatants/1/hp\",\"value\":3}]");
        assertPatchTurns(from, to);
    }

    @Test
    void addedRemovedRetypedAndResizedValuesAndEscapedKeys() {
        JsonNode from = json("{'gone':1,'a/b':{'x~y':1},'list':[1,2,3],'kind':{'o':1},'n':null}");
        JsonNode to = json("{'a/b':{'x~y':2},'list':[1,2],'kind':[1],'n':'now','new':{'deep':[true]}}");
        assertPatchTurns(from, to);
        assertThat(diff(from, to).toString()).contains("\"path\":\"/a~1b/x~0y\"");
        // A key that JSON itself escapes: the patch's bytes read back as the pointer to it.
        JsonNode quoted = JSON.readTree("{\"say \\\"hi\\\" \\\\ é\":{\"n\":1}}");
        JsonNode changed = JSON.readTree("{\"say \\\"hi\\\" \\\\ é\":{\"n\":2}}");
        assertPatchTurns(quoted, changed);
        assertThat(diff(quoted, changed).get(0).get("path").asString()).isEqualTo("/say \"hi\" \\ é/n");
    }

    @Test
    void aFewElementsInsertedIntoOrTakenFromOnePlaceOfAnArrayAreAddedOrRemovedAndAnyOtherResizeReplacesIt() {
        JsonNode pile = json("{'discard':[{'id':'7'},{'id':'8'}],'n':1}");
        assertThat(diff(pile, json("{'discard':[{'id':'7'},{'id':'8'},{'id':'1'}],'n':1}")).toString())
                .as("a card onto the discard pile").isEqualTo("[{\"op\":\"add\",\"path\":\"/discard/2\",\"value\":{\"id\":\"1\"}}]");
        assertThat(diff(pile, json("{'discard':[{'id':'7'},{'id':'3'},{'id':'4'},{'id':'8'}],'n':1}")).toString())
                .isEqualTo("[{\"op\":\"add\",\"path\":\"/discard/1\",\"value\":{\"id\":\"3\"}},"
                        + "{\"op\":\"add\",\"path\":\"/discard/2\",\"value\":{\"id\":\"4\"}}]");
        JsonNode hand = json("{'cards':['a','b','c','d']}");
        assertThat(diff(hand, json("{'cards':['a','d']}")).toString()).as("two cards spent from the middle of a hand")
                .isEqualTo("[{\"op\":\"remove\",\"path\":\"/cards/1\"},{\"op\":\"remove\",\"path\":\"/cards/1\"}]");
        assertThat(diff(hand, json("{'cards':['b','c','d']}")).toString()).isEqualTo("[{\"op\":\"remove\",\"path\":\"/cards/0\"}]");
        assertThat(diff(hand, json("{'cards':['a','a','b','c','d']}"))).as("a repeated element").hasSize(1);
        assertThat(diff(hand, json("{'cards':['x','b','c']}")).toString()).as("changed in more than one place")
                .isEqualTo("[{\"op\":\"replace\",\"path\":\"/cards\",\"value\":[\"x\",\"b\",\"c\"]}]");
        assertThat(diff(json("{'cards':[]}"), json("{'cards':[1,2,3,4,5]}")).toString()).as("more than a few inserted")
                .isEqualTo("[{\"op\":\"replace\",\"path\":\"/cards\",\"value\":[1,2,3,4,5]}]");
        assertThat(diff(json("{'cards':[1,2,3,4,5]}"), json("{'cards':[]}"))).as("more than a few taken").hasSize(1);
        for (String to : List.of("['a','d']", "['b','c','d']", "['a','a','b','c','d']", "['x','b','c']", "['a','b','c','d','e','f']",
                "['d','c','b','a','e']", "[]", "['a','b','c','d',['e'],{'f':1}]")) {
            assertPatchTurns(hand, json("{'cards':" + to + "}"));
        }
    }

    @Test
    void keysInAnotherOrderAreNoChange() {
        // A view may hold a map whose iteration order differs between two writes of equal content.
        JsonNode from = json("{'stats':{'STR':2,'DEX':1,'hp':[1,2]},'n':1}");
        JsonNode to = json("{'stats':{'hp':[1,2],'DEX':1,'STR':2},'n':1}");
        assertThat(diff(from, to)).isEmpty();
        assertPatchTurns(from, json("{'stats':{'hp':[1,3],'STR':2},'n':1}"));
    }

    @Test
    void stringsWithEscapesNumbersAndNestedValuesAreDiffedByTheirBytes() {
        JsonNode from = json("{'a':'say \\'hi\\' \\u00e9','b':[1.5,-2,1e3],'c':{'d':{'e':[[],{}]}},'f':true}");
        JsonNode to = json("{'a':'say \\'hi\\' \\u00e8','b':[1.5,-2,1e4],'c':{'d':{'e':[[0],{}]}},'f':false}");
        assertPatchTurns(from, to);
        assertThat(diff(from, to)).hasSize(4);
    }

    /** Random pairs of related documents: the patch always turns the first into the second. */
    @Test
    void thePatchTurnsAnyViewIntoTheNext() {
        java.util.Random random = new java.util.Random(42);
        for (int i = 0; i < 2000; i++) {
            JsonNode from = randomValue(random, 0);
            JsonNode to = mutate(random, from.deepCopy(), 0);
            assertPatchTurns(from, to);
        }
    }

    @Test
    void whitespaceBetweenValuesIsNoChange() {
        byte[] compact = "{\"a\":[1,{\"b\":\"x y\"}],\"c\":2}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] spaced = "{ \"a\" : [ 1 , { \"b\" : \"x y\" } ] ,\n \"c\" : 3 }".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertThat(JsonDiff.diff(JSON, compact, spaced).toString())
                .isEqualTo("[{\"op\":\"replace\",\"path\":\"/c\",\"value\":3}]");
    }

    private static JsonNode randomValue(java.util.Random random, int depth) {
        int kind = depth > 3 ? random.nextInt(4) : random.nextInt(6);
        return switch (kind) {
            case 0 -> JSON.getNodeFactory().numberNode(random.nextInt(50) - 10);
            case 1 -> JSON.getNodeFactory().stringNode(List.of("a", "b/c", "x~y", "\"q\"", "é", "").get(random.nextInt(6)));
            case 2 -> JSON.getNodeFactory().booleanNode(random.nextBoolean());
            case 3 -> JSON.getNodeFactory().nullNode();
            case 4 -> {
                var array = JSON.createArrayNode();
                for (int n = random.nextInt(4); n > 0; n--) {
                    array.add(randomValue(random, depth + 1));
                }
                yield array;
            }
            default -> {
                var object = JSON.createObjectNode();
                for (int n = random.nextInt(5); n > 0; n--) {
                    object.set(List.of("k", "id", "a/b", "~", "hp", "\"q\\\\", "é", "deck").get(random.nextInt(8)), randomValue(random, depth + 1));
                }
                yield object;
            }
        };
    }

    private static JsonNode mutate(java.util.Random random, JsonNode value, int depth) {
        if (random.nextInt(4) == 0) {
            return random.nextBoolean() ? value : randomValue(random, depth);
        }
        if (value instanceof tools.jackson.databind.node.ObjectNode object) {
            for (String key : List.copyOf(object.propertyNames())) {
                switch (random.nextInt(5)) {
                    case 0 -> object.remove(key);
                    case 1 -> object.set(key, mutate(random, object.get(key), depth + 1));
                    default -> {
                    }
                }
            }
            if (random.nextInt(3) == 0) {
                object.set("added" + random.nextInt(3), randomValue(random, depth + 1));
            }
        } else if (value instanceof tools.jackson.databind.node.ArrayNode array) {
            for (int i = 0; i < array.size(); i++) {
                if (random.nextBoolean()) {
                    array.set(i, mutate(random, array.get(i), depth + 1));
                }
            }
            if (random.nextInt(4) == 0) {
                array.add(randomValue(random, depth + 1));
            }
            if (random.nextInt(4) == 0) {
                array.insert(random.nextInt(array.size() + 1), randomValue(random, depth + 1));
            }
            if (random.nextInt(4) == 0 && !array.isEmpty()) {
                array.remove(random.nextInt(array.size()));
            }
        }
        return value;
    }
}
