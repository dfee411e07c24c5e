package io.astragal.rules.actlite;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * "Beginning of the Round": first effects ([poison] and [bleed] deal damage, [heal] heals), next
 * statuses (a point of [poison], [heal] and [stun] is removed), then skills usable "at the
 * beginning of the round".
 */
final class RoundStart {

    /** Damage (or healing) equal to the condition's points, like the count on the chip. */
    private static final List<String> DAMAGING = List.of("poison", "bleed");
    private static final String HEALING = "heal";
    /** Conditions that lose a point each round; [bleed] stays until treated. */
    static final List<String> TICKING = List.of("poison", "heal", "stun");

    private RoundStart() {
    }

    static List<RoundStep> steps(ActliteState state, List<String> participants) {
        List<RoundStep> steps = new ArrayList<>();
        for (String id : participants) {
            Combatant c = state.combatant(id);
            for (String condition : DAMAGING) {
                int points = c.condition(condition);
                if (points > 0) {
                    Combatant.Health after = c.afterDamage(points, false);
                    c = c.withHealth(after);
                    steps.add(new RoundStep(RoundStep.EFFECTS, id, c.name(), condition, points, after, points, c.npc()));
                }
            }
            int healing = c.condition(HEALING);
            if (healing > 0) {
                Combatant.Health after = c.afterHealing(healing, false);
                steps.add(new RoundStep(RoundStep.EFFECTS, id, c.name(), HEALING, healing, after, healing, c.npc()));
            }
        }
        for (String id : participants) {
            Combatant c = state.combatant(id);
            for (String condition : TICKING) {
                int points = c.condition(condition);
                if (points > 0) {
                    steps.add(new RoundStep(RoundStep.STATUSES, id, c.name(), condition, 1, null, points - 1, c.npc()));
                }
            }
        }
        for (String id : participants) {
            Combatant c = state.combatant(id);
            c.sheet().skills().stream()
                    .filter(skill -> skill.toLowerCase(Locale.ROOT).contains("beginning of"))
                    .forEach(skill -> steps.add(new RoundStep(RoundStep.SKILLS, id, c.name(), skill, 0, null, 0, c.npc())));
        }
        return List.copyOf(steps);
    }
}
