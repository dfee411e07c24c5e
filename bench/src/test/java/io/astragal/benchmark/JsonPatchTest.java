package io.astragal.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The client's patch application, on the shapes the server's diff produces. */
class JsonPatchTest {

    private static JsonNode json(String text) {
        return Rest.JSON.readTree(text.replace('\'', '"'));
    }

    @Test
    void replacesAddsAndRemovesMembersAndArrayElements() {
        JsonNode view = json("{'a':{'b':1,'c':[1,2,3]},'d':'x','e~f':{'g/h':1}}");
        JsonNode patch = json("[{'op':'replace','path':'/a/b','value':2},{'op':'replace','path':'/a/c/1','value':9},"
                + "{'op':'remove','path':'/d'},{'op':'add','path':'/n','value':{'k':[]}},"
                + "{'op':'add','path':'/a/c/-','value':4},{'op':'replace','path':'/e~0f/g~1h','value':2}]");
        assertThat(JsonPatch.apply(view, patch))
                .isEqualTo(json("{'a':{'b':2,'c':[1,9,3,4]},'e~f':{'g/h':2},'n':{'k':[]}}"));
    }

    @Test
    void aReplaceOfTheRootReplacesTheWholeDocument() {
        assertThat(JsonPatch.apply(json("{'a':1}"), json("[{'op':'replace','path':'','value':{'b':2}}]")))
                .isEqualTo(json("{'b':2}"));
    }

    @Test
    void aPatchForAnotherDocumentIsRefused() {
        assertThatThrownBy(() -> JsonPatch.apply(json("{'a':1}"), json("[{'op':'replace','path':'/x/y','value':1}]")))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> JsonPatch.apply(json("{'a':1}"), json("[{'op':'remove','path':'/b'}]")))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
