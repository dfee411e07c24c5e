package io.astragal.campaign;

import io.astragal.platform.ApiProblem;
import io.astragal.rules.InvalidSheetException;
import io.astragal.rules.Ruleset;
import io.astragal.rules.Rulesets;
import io.astragal.rules.SheetSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.springframework.stereotype.Component;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Ruleset ids, sheet validation by the campaign's ruleset, the public part of a sheet, and the
 * sheet's JSON form in the database.
 */
@Component
class Sheets {

    /** The five rulesets Astragal plays; a campaign may name one even before its plug-in is registered. */
    static final Set<String> KNOWN_RULESET_IDS = Set.of("actlite", "vogt", "bloodied-d20", "symbaroum", "cairn-ap");

    static final int MAX_SHEET_JSON_CHARS = 64 * 1024;

    private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {
    };

    private final JsonMapper json;

    Sheets(JsonMapper json) {
        this.json = json;
    }

    static Set<String> rulesetIds() {
        return Stream.concat(KNOWN_RULESET_IDS.stream(), Rulesets.all().stream().map(Ruleset::id)).collect(Collectors.toSet());
    }

    static void requireKnownRuleset(String field, String rulesetId) {
        if (!rulesetIds().contains(rulesetId)) {
            throw ApiProblem.invalidField(field, "must be one of " + rulesetIds().stream().sorted().toList());
        }
    }

    /**
     * The sheet as the campaign's ruleset normalises it; a sheet the ruleset rejects is a 400 naming
     * {@code sheet.<field>}. A ruleset that is not registered takes the sheet as given.
     */
    Map<String, Object> validate(String rulesetId, Map<String, Object> sheet, String fieldPrefix) {
        if (toJson(sheet).length() > MAX_SHEET_JSON_CHARS) {
            throw ApiProblem.invalidField(fieldPrefix, "is larger than " + MAX_SHEET_JSON_CHARS + " characters of JSON");
        }
        Optional<Ruleset> ruleset = Rulesets.byId(rulesetId);
        if (ruleset.isEmpty()) {
            Map<String, Object> given = new LinkedHashMap<>(sheet);
            given.values().removeIf(java.util.Objects::isNull);
            return given;
        }
        try {
            return ruleset.get().validateSheet(sheet);
        } catch (InvalidSheetException e) {
            throw ApiProblem.invalidField(fieldPrefix + "." + e.field(), e.getMessage());
        }
    }

    /** Only the fields the ruleset's schema marks public; nothing when the schema is unknown. */
    static Map<String, Object> publicPart(String rulesetId, Map<String, Object> sheet) {
        List<SheetSchema.Field> fields = Rulesets.byId(rulesetId).map(r -> r.sheetSchema().fields()).orElse(List.of());
        Map<String, Object> visible = new LinkedHashMap<>();
        for (SheetSchema.Field field : fields) {
            if (field.visibility() == SheetSchema.Visibility.PUBLIC && sheet.containsKey(field.key())) {
                visible.put(field.key(), sheet.get(field.key()));
            }
        }
        return visible;
    }

    String toJson(Map<String, Object> sheet) {
        return json.writeValueAsString(sheet);
    }

    Map<String, Object> fromJson(String sheet) {
        return json.readValue(sheet, MAP);
    }
}
