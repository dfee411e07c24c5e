package io.astragal.rules;

import java.util.List;
import java.util.Map;

/**
 * A command the viewer could send now, offered so the browser can draw a button without knowing
 * the rules. A disabled option carries the reason, shown on hover.
 *
 * @param command     the command's wire type, e.g. {@code actlite.spendAp}
 * @param label       button text, e.g. "Attack with Club"
 * @param args        arguments already fixed (the acting character, the weapon...)
 * @param needs       arguments the person still has to pick, each with the control it takes
 * @param cost        what it costs now, in the ruleset's unit (AP for actlite and cairn-ap), or null
 * @param enabled     whether the server would accept it now
 * @param reason      why not, when disabled; empty otherwise
 * @param gmOnly      shown in the GM's controls rather than a character's
 */
public record ActionOption(String command, String label, Map<String, Object> args, List<Need> needs,
                           Integer cost, boolean enabled, String reason, boolean gmOnly) {

    public ActionOption {
        args = OrderedMap.copyOf(args);
        needs = List.copyOf(needs);
    }
}
