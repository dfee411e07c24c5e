package io.astragal.table;

import io.astragal.rules.CombatantView;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ArrayNode;

/**
 * Writes members' views as {@link ViewPart}s and works out their patches, for one fan-out (or one
 * snapshot): the views of one table state. A part that several members see alike (a combatant seen
 * from outside, the deck, the member list) is written once and they all get the same
 * {@link ViewPart.Leaf}; a patch from one leaf to another is worked out once. Equal parts are found
 * by the records' value equality: every view here is built from the one state by the same code, so
 * equal records are written alike (their maps list their entries in the same order).
 */
final class ViewWriter {

    static final ViewPart.Keys MEMBER_VIEW = ViewPart.Keys.of("tableId", "rulesetId", "rulesetName", "me", "members",
            "table", "roster", "undo");
    static final ViewPart.Keys SENT_TABLE = ViewPart.Keys.of("model", "combatants", "initiative", "actions", "needs");

    private final ObjectMapper json;
    private final Map<Object, ViewPart.Leaf> shared = new HashMap<>();
    private final Map<ViewPart.Leaf, Patch> patches = new IdentityHashMap<>();

    private record Patch(ViewPart.Leaf from, String at, List<JsonNode> ops) {
    }

    ViewWriter(ObjectMapper json) {
        this.json = json;
    }

    ViewPart.Fields write(MemberView view) {
        return new ViewPart.Fields(MEMBER_VIEW, List.of(leaf(view.tableId()), leaf(view.rulesetId()),
                leaf(view.rulesetName()), leaf(view.me()), shared(view.members()), table(view.table()),
                leaf(view.roster()), leaf(view.undo())));
    }

    private ViewPart table(Object table) {
        if (!(table instanceof SentTable sent)) {
            return leaf(table);
        }
        List<ViewPart> combatants = new ArrayList<>(sent.combatants().size());
        for (CombatantView combatant : sent.combatants()) {
            combatants.add(shared(combatant));
        }
        return new ViewPart.Fields(SENT_TABLE, List.of(shared(sent.model()), new ViewPart.Items(combatants),
                shared(sent.initiative()), leaf(sent.actions()), shared(sent.needs())));
    }

    /** A part only this member sees: written for them alone. */
    ViewPart.Leaf leaf(Object value) {
        return new ViewPart.Leaf(json.writeValueAsBytes(value));
    }

    /** A part others may see alike: written once per distinct value. */
    private ViewPart.Leaf shared(Object value) {
        ViewPart.Leaf leaf = shared.get(value);
        if (leaf == null) {
            leaf = leaf(value);
            shared.put(value, leaf);
        }
        return leaf;
    }

    /** The RFC 6902 patch from one view to the next. */
    ArrayNode diff(ViewPart from, ViewPart to) {
        ArrayNode ops = json.createArrayNode();
        diff(from, to, "", ops);
        return ops;
    }

    private void diff(ViewPart from, ViewPart to, String at, ArrayNode ops) {
        if (same(from, to)) {
            return;
        }
        if (from instanceof ViewPart.Leaf a && to instanceof ViewPart.Leaf b) {
            Patch known = patches.get(b);
            if (known == null || known.from != a || !known.at.equals(at)) {
                ArrayNode made = json.createArrayNode();
                JsonDiff.diff(json, a.json(), b.json(), at, made);
                List<JsonNode> list = new ArrayList<>(made.size());
                made.forEach(list::add);
                known = new Patch(a, at, list);
                patches.put(b, known);
            }
            known.ops.forEach(ops::add);
        } else if (from instanceof ViewPart.Fields a && to instanceof ViewPart.Fields b && a.keys() == b.keys()) {
            for (int i = 0; i < b.values().size(); i++) {
                ViewPart before = a.values().get(i);
                ViewPart now = b.values().get(i);
                if (!same(before, now)) {
                    diff(before, now, at + "/" + b.keys().names().get(i), ops);
                }
            }
        } else if (from instanceof ViewPart.Items a && to instanceof ViewPart.Items b && a.items().size() == b.items().size()) {
            for (int i = 0; i < b.items().size(); i++) {
                ViewPart before = a.items().get(i);
                ViewPart now = b.items().get(i);
                if (!same(before, now)) {
                    diff(before, now, at + "/" + i, ops);
                }
            }
        } else {
            // Another shape (an array of another length): replaced whole, as JsonDiff does.
            ops.addObject().put("op", "replace").put("path", at).set("value", json.readTree(to.json()));
        }
    }

    private static boolean same(ViewPart a, ViewPart b) {
        return a == b || a instanceof ViewPart.Leaf x && b instanceof ViewPart.Leaf y && Arrays.equals(x.json(), y.json());
    }
}
