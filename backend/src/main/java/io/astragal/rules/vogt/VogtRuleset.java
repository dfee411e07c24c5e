package io.astragal.rules.vogt;

import io.astragal.rules.InitiativeModel;
import io.astragal.rules.Referee;
import io.astragal.rules.Ruleset;
import io.astragal.rules.SheetSchema;
import java.util.Map;

/** Bo Vogt's tabletop rules: ability dice, declared-action initiative, exhaustion and dismemberment. */
public final class VogtRuleset implements Ruleset {

    private final VogtReferee referee = new VogtReferee();

    public VogtRuleset() {
        // the table and the campaign create rulesets by their public no-arg constructor
    }

    @Override
    public String id() {
        return "vogt";
    }

    @Override
    public String name() {
        return "Bo Vogt's Tabletop System";
    }

    @Override
    public String summary() {
        return "Abilities are dice; each round everyone secretly declares an action whose die is their initiative, lowest acts first.";
    }

    @Override
    public InitiativeModel initiativeModel() {
        return InitiativeModel.DECLARED_DICE;
    }

    @Override
    public SheetSchema sheetSchema() {
        return VogtSheet.SCHEMA;
    }

    @Override
    public Map<String, Object> validateSheet(Map<String, Object> sheet) {
        return VogtSheet.validate(sheet);
    }

    @Override
    public Referee<?> referee() {
        return referee;
    }
}
