package io.astragal.rules.cairn;

import static io.astragal.rules.cairn.CairnFixture.ALDA_PLAYER;
import static io.astragal.rules.cairn.CairnFixture.GM;
import static org.assertj.core.api.Assertions.assertThat;

import io.astragal.dice.Die;
import io.astragal.rules.GameEvent;
import io.astragal.rules.cairn.CairnCommand.AddCondition;
import io.astragal.rules.cairn.CairnCommand.ApplyDamage;
import io.astragal.rules.cairn.CairnCommand.Attack;
import io.astragal.rules.cairn.CairnCommand.RecoverScar;
import io.astragal.rules.cairn.CairnEvent.AttackRolled;
import io.astragal.rules.cairn.CairnEvent.CriticalSave;
import io.astragal.rules.cairn.CairnEvent.DamageTaken;
import io.astragal.rules.cairn.CairnEvent.ScarSuffered;
import io.astragal.rules.cairn.CairnState.Patch;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CairnDamageTest {

    final CairnFixture table = new CairnFixture();

    @BeforeEach
    void place() {
        table.place("alda", "bram", "cole", "mob");
    }

    private Attack attack(String who, String target, String weapon, String offhand, List<String> extra) {
        return new Attack(who, target, weapon, offhand, extra, null, null, List.of(), List.of(), List.of(), null, false, null);
    }

    @Test
    @DisplayName("\"IR is 28, 6 on the Axe Dice, Bo’Mack TR is 21 and has 1 armor\" — \"Bo’Mack suffers 5 damage\"")
    void aHitDealsTheWeaponDieMinusArmor() {
        // Bram: d20 14 + STR 8 + spear d6 6 = 28; Alda's DEX save: d20 8 + 13 = 21
        List<GameEvent> events = table.run(attack("bram", "alda", "Spear", null, List.of()), GM, 14, 6, 8);
        AttackRolled rolled = table.only(events, AttackRolled.class);
        assertThat(rolled.roll().total()).isEqualTo(28);
        assertThat(rolled.targets().getFirst().save().total()).isEqualTo(21);
        DamageTaken taken = table.only(events, DamageTaken.class);
        assertThat(taken.damage()).isEqualTo(5);
        assertThat(table.get("alda").get("hp")).isEqualTo(1);
    }

    @Test
    void aMissDealsNoDamage() {
        List<GameEvent> events = table.run(attack("bram", "alda", "Spear", null, List.of()), GM, 2, 1, 18);
        assertThat(events).hasSize(1);
        assertThat(table.get("alda").get("hp")).isEqualTo(6);
    }

    @Test
    @DisplayName("\"Unarmed attacks always do d4 damage.\"")
    void unarmedAttacksRollAD4() {
        AttackRolled rolled = table.only(table.run(attack("alda", "bram", null, null, List.of()), ALDA_PLAYER, 15, 4, 1),
                AttackRolled.class);
        assertThat(rolled.weapon()).isEqualTo("Unarmed");
        assertThat(rolled.roll().dice().get(1)).isEqualTo(Die.kept(4, 4));
        assertThat(table.get("bram").get("hp")).isZero();
    }

    @Test
    @DisplayName("\"Attacking with two weapons at the same time, the Attacker rolls both damage dice and keep the single highest result.\"")
    void twoWeaponsKeepTheHighestDamageDie() {
        // d20 10 + STR 12 + max(d8 2, d6 5) = 27 vs Bram 1 + 12 = 13
        AttackRolled rolled = table.only(table.run(attack("alda", "bram", "Sword", "Dagger", List.of()), ALDA_PLAYER, 10, 2, 5, 1, 15),
                AttackRolled.class);
        assertThat(rolled.roll().total()).isEqualTo(27);
        assertThat(rolled.targets().getFirst().damageDie()).isEqualTo(5);
        assertThat(rolled.roll().dice()).extracting(Die::kept).containsExactly(true, false, true);
    }

    @Test
    @DisplayName("\"Attacks against multiple targets, the Attacker rolls once, and Each Target roll a Save.\"")
    void aBlastRollsOnceAndEveryTargetSaves() {
        // IR: d20 10 + 12 + d8 3 = 25; Bram saves 20 + 12 = 32 (safe); Cole saves 4 + 8 = 12 (hit for 3)
        AttackRolled rolled = table.only(table.run(attack("alda", "bram", "Sword", null, List.of("cole")), ALDA_PLAYER, 10, 3, 20, 4),
                AttackRolled.class);
        assertThat(rolled.targets()).extracting(CairnEvent.TargetResult::hit).containsExactly(false, true);
        assertThat(table.get("cole").get("hp")).isEqualTo(1);
        assertThat(table.get("bram").get("hp")).isEqualTo(4);
    }

    @Test
    @DisplayName("\"Attacks against detachments by individuals are impaired\"; \"Attacks against individuals by detachments are enhanced\"")
    void detachmentsImpairAttacksAgainstThemAndEnhanceTheirOwn() {
        AttackRolled impaired = table.only(table.run(attack("alda", "mob", "Sword", null, List.of()), ALDA_PLAYER, 18, 3, 2, 1),
                AttackRolled.class);
        assertThat(impaired.roll().notation()).startsWith("2d20kl1");
        assertThat(impaired.roll().total()).isEqualTo(3 + 12 + 2);
        AttackRolled enhanced = table.only(table.run(attack("mob", "alda", "Clubs", null, List.of()), GM, 3, 18, 2, 1),
                AttackRolled.class);
        assertThat(enhanced.roll().notation()).startsWith("2d20kh1");
        assertThat(enhanced.roll().total()).isEqualTo(18 + 14 + 2);
    }

    @Test
    @DisplayName("\"Damage that reduces a Target's HP below zero is subtracted from their STR ... make a STR Save (DC=15) ... using their new STR score\"; a failing PC is dying")
    void overflowDamageHitsStrAndAFailedSaveLeavesAPcDying() {
        table.run(new ApplyDamage("alda", 6, false, "first blow"), GM);
        assertThat(table.get("alda").get("hp")).isEqualTo(1);
        // 5 - armor 1 = 4 against 1 HP: 3 spill into STR 12 -> 9; save d20 6 + 9 = 15, not above DC 15
        List<GameEvent> events = table.run(new ApplyDamage("alda", 5, false, "second blow"), GM, 6, 3, 5);
        DamageTaken taken = table.only(events, DamageTaken.class);
        assertThat(taken.strLoss()).isEqualTo(3);
        CriticalSave save = table.only(events, CriticalSave.class);
        assertThat(save.str()).isEqualTo(9);
        assertThat(save.roll().total()).isEqualTo(15);
        assertThat(save.success()).isFalse();
        assertThat(table.get("alda").get("hp")).isZero();
        assertThat(table.get("alda").get("str")).isEqualTo(9);
        // "Any PC that suffers Critical Damage cannot do anything but crawl weakly"
        assertThat(table.get("alda").has(Conditions.DYING)).isTrue();
        ScarSuffered scar = table.only(events, ScarSuffered.class);
        assertThat(scar.entry()).isEqualTo(1);
        assertThat(scar.detail()).contains("Eye");
    }

    @Test
    @DisplayName("\"On a success, the target is still in the fight (albeit with a lower STR score)\"")
    void aPassedCriticalSaveKeepsTheTargetFighting() {
        CriticalSave save = table.only(table.run(new ApplyDamage("bram", 6, true, "trap"), GM, 10), CriticalSave.class);
        assertThat(save.roll().total()).isEqualTo(16);
        assertThat(save.success()).isTrue();
        assertThat(table.get("bram").conditions()).isEmpty();
        assertThat(table.get("bram").get("str")).isEqualTo(6);
    }

    @Test
    @DisplayName("\"NPCs and monsters that fail a Critical Damage Save are considered dead\"")
    void anNpcFailingTheCriticalSaveIsDead() {
        table.run(new ApplyDamage("bram", 6, false, "axe"), GM, 5);
        assertThat(table.get("bram").has(Conditions.DEAD)).isTrue();
    }

    @Test
    @DisplayName("\"If a PC's STR is reduced to 0, they die.\" — no save is rolled")
    void strengthReducedToZeroKills() {
        List<GameEvent> events = table.run(new ApplyDamage("cole", 14, false, "boulder"), GM);
        assertThat(events).hasSize(1);
        assertThat(table.get("cole").has(Conditions.DEAD)).isTrue();
        assertThat(CairnViews.band(table.get("cole"))).isEqualTo("dead");
    }

    @Test
    @DisplayName("\"If their DEX is reduced to 0, they are paralyzed. If their WIL is reduced to 0, they are delirious.\"")
    void dexAndWilAtZeroParalyseAndMakeDelirious() {
        CairnState.Combatant alda = table.get("alda").apply(Patch.values("alda", Map.of("dex", 0, "wil", 0)));
        assertThat(alda.conditions()).containsKeys(Conditions.PARALYSED, Conditions.DELIRIOUS);
        assertThat(alda.incapacity()).contains(Conditions.PARALYSED);
    }

    @Test
    @DisplayName("\"When a detachment takes Critical Damage, it is routed or significantly weakened.\"")
    void aDetachmentFailingTheCriticalSaveIsRouted() {
        table.run(new ApplyDamage("mob", 12, false, "fireball"), GM, 2);
        assertThat(table.get("mob").has(Conditions.ROUTED)).isTrue();
        assertThat(table.get("mob").get("str")).isEqualTo(12);
    }

    @Test
    @DisplayName("\"If a PC went from 4 HP to 2 HP, then in another attack to -4 HP, they look at the entry #2 (Rattling Blow).\"")
    void theScarIsChosenByTheHpBeforeTheLastAttack() {
        table.run(new ApplyDamage("cole", 2, false, "cut"), GM);
        // 6 against 2 HP: 4 into STR 10 -> 6; save d20 12 + 6 = 18 passes; Rattling Blow rolls 1d6 = 5
        List<GameEvent> events = table.run(new ApplyDamage("cole", 6, false, "club"), GM, 12, 5);
        ScarSuffered scar = table.only(events, ScarSuffered.class);
        assertThat(scar.entry()).isEqualTo(2);
        assertThat(scar.title()).isEqualTo("Rattling Blow");
        // "Roll 1d6. If the total is higher than your max HP, take the new result."
        assertThat(table.get("cole").get("hpMax")).isEqualTo(5);
        assertThat(table.get("cole").get("hp")).isZero();
    }

    @Test
    @DisplayName("\"If a PC went from 3 HP to 0 HP, they would look at entry #3 (Walloped).\" — deprived until rested, then 1d6 more max HP")
    void wallopedDeprivesUntilRecoveredThenAddsMaxHp() {
        table.run(new ApplyDamage("alda", 4, false, "kick"), GM);
        ScarSuffered scar = table.only(table.run(new ApplyDamage("alda", 4, false, "kick"), GM), ScarSuffered.class);
        assertThat(scar.entry()).isEqualTo(3);
        assertThat(table.get("alda").conditions()).containsKeys(Conditions.DEPRIVED, Conditions.WALLOPED);
        table.run(new RecoverScar("alda", Conditions.WALLOPED), GM, 4);
        assertThat(table.get("alda").get("hpMax")).isEqualTo(10);
        assertThat(table.get("alda").conditions()).doesNotContainKeys(Conditions.DEPRIVED, Conditions.WALLOPED);
    }

    @Test
    @DisplayName("Doomed: \"If your next save against critical damage is a fail, you die horribly.\"")
    void aDoomedPcFailingTheNextCriticalSaveDies() {
        table.run(new AddCondition("cole", Conditions.DOOMED, null), GM);
        table.run(new ApplyDamage("cole", 4, false, "club"), GM, 3, 6);
        table.run(new ApplyDamage("cole", 2, false, "club"), GM, 1);
        assertThat(table.get("cole").has(Conditions.DEAD)).isTrue();
    }

    @Test
    @DisplayName("Doomed: \"If you pass, roll 3d6. If the total is higher than your max HP, take the new result.\"")
    void aDoomedPcPassingRollsForMaxHp() {
        table.run(new AddCondition("alda", Conditions.DOOMED, null), GM);
        table.state = table.state.apply(Patch.values("alda", Map.of("hp", 0)));
        CriticalSave save = table.only(table.run(new ApplyDamage("alda", 3, false, "club"), GM, 19, 6, 5, 4), CriticalSave.class);
        assertThat(save.success()).isTrue();
        assertThat(save.doomRoll().total()).isEqualTo(15);
        assertThat(table.get("alda").get("hpMax")).isEqualTo(15);
        assertThat(table.get("alda").has(Conditions.DOOMED)).isFalse();
    }

    @ParameterizedTest(name = "HP lost {0} -> #{1} {2}")
    @CsvSource({"1,1,Lasting Scar", "2,2,Rattling Blow", "3,3,Walloped", "4,4,Broken Limb", "5,5,Diseased",
            "6,6,Reorienting Head Wound", "7,7,Hamstrung", "8,8,Deafened", "9,9,Re-brained", "10,10,Sundered",
            "11,11,Mortal Wound", "12,12,Doomed", "15,12,Doomed"})
    @DisplayName("Scars Table: all twelve rows by HP lost")
    void theScarsTableHasTwelveRows(int hpLost, int entry, String title) {
        assertThat(CairnTables.scar(hpLost).entry()).isEqualTo(entry);
        assertThat(CairnTables.scar(hpLost).title()).isEqualTo(title);
    }

    @Test
    @DisplayName("#6 \"Roll 1d6. 1-2: STR, 3-4: DEX, 5-6: WIL. Roll 3d6. If the total is higher than your current attribute, take the new result.\"")
    void aHeadWoundRerollsAnAttribute() {
        ScarSuffered scar = CairnActions.scar(table.get("cole"), 6, io.astragal.dice.DiceSource.scripted(4, 6, 6, 5));
        assertThat(scar.patch().values()).containsEntry("dex", 17).containsEntry("dexMax", 17);
    }

    @Test
    @DisplayName("#8 Deafened: \"make a WIL save. If you pass, increase your max WIL by 1d4.\"")
    void deafenedGivesAWilSaveForMoreWil() {
        // WIL 11 + d20 12 = 23 > 20: +1d4 = 3
        ScarSuffered scar = CairnActions.scar(table.get("cole"), 8, io.astragal.dice.DiceSource.scripted(12, 3));
        assertThat(scar.patch().values()).containsEntry("wilMax", 14).containsEntry("wil", 14);
        assertThat(scar.patch().conditions()).containsKey(Conditions.DEAFENED);
    }

    @Test
    @DisplayName("#11 Mortal Wound: \"Upon recovery, roll 2d6. Take the new result as your max HP.\"")
    void aMortalWoundSetsMaxHpOnRecovery() {
        ScarSuffered scar = CairnActions.scar(table.get("alda"), 11, io.astragal.dice.DiceSource.scripted());
        table.state = table.state.apply(scar.patch());
        assertThat(table.get("alda").incapacity()).contains(Conditions.MORTAL_WOUND);
        table.run(new RecoverScar("alda", Conditions.MORTAL_WOUND), GM, 1, 2);
        assertThat(table.get("alda").get("hpMax")).isEqualTo(3);
        assertThat(table.get("alda").get("hp")).isEqualTo(3);
    }
}
