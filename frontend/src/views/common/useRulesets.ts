import { useEffect, useState } from 'react';
import { listRulesets, type Ruleset } from '../../api';

let cached: Ruleset[] | null = null;
let inflight: Promise<Ruleset[]> | null = null;

/** The rulesets, fetched once per page load (they change only with a server release). */
export function loadRulesets(): Promise<Ruleset[]> {
  if (cached) return Promise.resolve(cached);
  inflight ??= listRulesets().then(
    (r) => {
      cached = r;
      inflight = null;
      return r;
    },
    (e: unknown) => {
      inflight = null;
      throw e;
    },
  );
  return inflight;
}

/** For tests: forget the rulesets fetched so far. */
export function forgetRulesets() {
  cached = null;
  inflight = null;
}

/** A ruleset's name, or its id made readable when the rulesets are not known. */
export function rulesetName(rulesets: Ruleset[] | undefined, id: string): string {
  const found = rulesets?.find((r) => r.id === id);
  if (found) return found.name;
  return id.replace(/[-_]/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}

/** The rulesets when they could be fetched; undefined while loading or when they cannot. */
export function useRulesetsQuietly(enabled = true): Ruleset[] | undefined {
  const [rulesets, setRulesets] = useState<Ruleset[] | undefined>(cached ?? undefined);
  useEffect(() => {
    if (!enabled || rulesets) return;
    let live = true;
    loadRulesets().then(
      (r) => live && setRulesets(r),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [enabled, rulesets]);
  return rulesets;
}
