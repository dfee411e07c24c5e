package io.astragal.rules.actlite;

import io.astragal.rules.InitiativeModel;
import io.astragal.rules.Referee;
import io.astragal.rules.Ruleset;
import io.astragal.rules.SheetSchema;
import java.util.Map;

/** Actlite: 2d6 + score checks, (X)Y health, and initiative by a shuffled deck of AP cards. */
public final class ActliteRuleset implements Ruleset {

    private final ActliteReferee referee = new ActliteReferee();

    public ActliteRuleset() {
        // Stateless: the referee holds no table state.
    }

    @Override
    public String id() {
        return "actlite";
    }

    @Override
    public String name() {
        return "Actlite";
    }

    @Override
    public String summary() {
        return "2d6 + score against 6 + score; everyone's AP cards are shuffled into one deck and dealt, "
                + "so combat is fast and unpredictable.";
    }

    @Override
    public InitiativeModel initiativeModel() {
        return InitiativeModel.CARD_DECK;
    }

    @Override
    public SheetSchema sheetSchema() {
        return SheetFormat.SCHEMA;
    }

    @Override
    public Map<String, Object> validateSheet(Map<String, Object> sheet) {
        return SheetFormat.validate(sheet);
    }

    @Override
    public Referee<?> referee() {
        return referee;
    }
}
