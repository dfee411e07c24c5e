const MODELS: Record<string, string> = {
  CARD_DECK: 'a deck of AP cards',
  DECLARED_DICE: 'declared action dice',
  ORDERED: 'rolled or ranked order',
  GROUPED_AP: 'grouped AP turns',
};

/** An initiative model id written for reading ("CARD_DECK" → "card deck"). */
export function initiativeModelName(model: string): string {
  return MODELS[model] ?? model.toLowerCase().replace(/[_-]+/g, ' ');
}
