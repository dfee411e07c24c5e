package io.astragal.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.support.JsonPatch;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The patch each member gets turns the view they had into the view they have now. */
class JsonDiffTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static JsonNode json(String text) {
        return JSON.readTree(text.replace('\'', '"'));
    }

    private static void assertPatchTurns(JsonNode from, JsonNode to) {
        JsonNode patch = JsonDiff.diff(from, to);
        assertThat(JsonPatch.apply(from.deepCopy(), patch)).as("patch " + patch).isEqualTo(to);
    }

    @Test
    void identicalViewsGiveAnEmptyPatch() {
        JsonNode view = json("{'a':{'b':[1,2,{'c':'x'}]},'d':null}");
        assertThat(JsonDiff.diff(view, view.deepCopy())).isEmpty();
    }

    @Test
    void onlyWhatChangedIsInThePatch() {
        JsonNode from = json("{'seq':4,'deck':{'left':40},'combatants':[{'hp':5,'name':'Orc'},{'hp':7}]}");
        JsonNode to = json("{'seq':5,'deck':{'left':39},'combatants':[{'hp':5,'name':'Orc'},{'hp':3}]}");
        assertThat(JsonDiff.diff(from, to).toString()).isEqualTo(
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
        assertThat(JsonDiff.diff(from, to).toString()).contains("\"path\":\"/a~1b/x~0y\"");
    }

    @Test
    void aNumberReadBackFromTextEqualsTheSameNumberAsALong() {
        // The last view is kept as text; read back, a long such as a seq becomes an int node.
        JsonNode viewAsBuilt = JSON.createObjectNode().put("seq", 12L).put("at", 1_700_000_000_000L);
        JsonNode readBack = JSON.readTree(JSON.writeValueAsBytes(viewAsBuilt));
        assertThat(readBack.get("seq").isInt()).isTrue();
        assertThat(JsonDiff.diff(readBack, viewAsBuilt)).isEmpty();
    }
}
