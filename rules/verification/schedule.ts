// The DEA schedule of a controlled product, where known: the service's own field when it sends one, else a vocabulary
// by the ingredient the name starts with (the station passes resources/vocabulary/controlled-schedules.json).

/** Schedules by the ingredient a product's name starts with (data, never code: resources/vocabulary). */
export interface ScheduleVocabulary {
  entries: readonly { ingredient: string; schedule: string }[];
}

const SCHEDULE = /^(I|II|III|IV|V)N?$/i;

function fromService(product: Record<string, unknown>): string | null {
  for (const key of ['dea_schedule', 'controlled_substance_schedule', 'schedule']) {
    const value = product[key];
    if (typeof value === 'string') {
      const bare = value.trim().replace(/^(C|CS|schedule)[\s-]*/i, '');
      if (SCHEDULE.test(bare)) return bare.toUpperCase();
    }
  }
  return null;
}

export function scheduleOf(product: Record<string, unknown>, vocabulary: ScheduleVocabulary): string | null {
  const said = fromService(product);
  if (said) return said;
  const name = typeof product.name === 'string' ? product.name.trim().toLowerCase() : '';
  const entry = vocabulary.entries.find((e) => name.startsWith(e.ingredient.toLowerCase()));
  return entry?.schedule ?? null;
}
