package io.astragal.rules.bloodied;

import java.util.List;

/** Spell tiers and their target numbers, with the reduction for conditions. */
final class Casting {

    /** "Tier 0 ... Target number: 3", Tier 1: 4, Tier 2: 11, Tier 3: 30, Tier 4: 67. */
    static final List<Integer> TARGETS = List.of(3, 4, 11, 30, 67);

    private Casting() {
    }

    /**
     * "The target number can be reduced by 25% if the caster adds one condition per Tier": each
     * condition (at most one per tier) takes 25% off, compounding, rounded up.
     */
    static int target(int tier, int conditions) {
        int applied = Math.min(conditions, tier);
        long numerator = TARGETS.get(tier);
        long denominator = 1;
        for (int i = 0; i < applied; i++) {
            numerator *= 3;
            denominator *= 4;
        }
        return (int) ((numerator + denominator - 1) / denominator);
    }

    /**
     * The tier actually cast, or -1 when the spell fizzles. "If the caster does not reach the target
     * number, they may cast a lower Tier version of the spell (if applicable) if they reach the lower target."
     */
    static int castTier(int total, int tier, int conditions, boolean lowerTiers) {
        if (total >= target(tier, conditions)) {
            return tier;
        }
        if (lowerTiers) {
            for (int lower = tier - 1; lower >= 0; lower--) {
                if (total >= target(lower, conditions)) {
                    return lower;
                }
            }
        }
        return -1;
    }
}
