package io.astragal.rules;

import java.util.List;
import java.util.Optional;

/** The rulesets Astragal plays, by id. */
public final class Rulesets {

    private static final List<Ruleset> ALL = List.of(
            new io.astragal.rules.actlite.ActliteRuleset(),
            new io.astragal.rules.vogt.VogtRuleset(),
            new io.astragal.rules.bloodied.BloodiedRuleset(),
            new io.astragal.rules.symbaroum.SymbaroumRuleset(),
            new io.astragal.rules.cairn.CairnApRuleset());

    private Rulesets() {
    }

    public static List<Ruleset> all() {
        return ALL;
    }

    public static Optional<Ruleset> byId(String id) {
        return ALL.stream().filter(r -> r.id().equals(id)).findFirst();
    }
}
