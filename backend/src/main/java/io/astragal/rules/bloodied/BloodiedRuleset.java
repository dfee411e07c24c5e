package io.astragal.rules.bloodied;

import io.astragal.rules.InitiativeModel;
import io.astragal.rules.Referee;
import io.astragal.rules.Ruleset;
import io.astragal.rules.SheetSchema;
import java.util.Map;

/** Bloodied d20: d20 attacks against rolled Defense, bleeding out at 0 HP, serious injuries, casting pools. */
public final class BloodiedRuleset implements Ruleset {

    private final BloodiedReferee referee = new BloodiedReferee();

    public BloodiedRuleset() {
        // the table and the campaign create rulesets by their public no-arg constructor
    }

    @Override
    public String id() {
        return "bloodied-d20";
    }

    @Override
    public String name() {
        return "Bloodied d20";
    }

    @Override
    public String summary() {
        return "A gritty d20 game: attacks against rolled Defense, armor rolls, bleeding out, serious injuries and dice-pool magic.";
    }

    @Override
    public InitiativeModel initiativeModel() {
        return InitiativeModel.ORDERED;
    }

    @Override
    public SheetSchema sheetSchema() {
        return BloodiedSheet.SCHEMA;
    }

    @Override
    public Map<String, Object> validateSheet(Map<String, Object> sheet) {
        return BloodiedSheet.validate(sheet);
    }

    @Override
    public Referee<?> referee() {
        return referee;
    }
}
