// The DEA schedule of a controlled product, where known: the service's own field when it sends one, else the
// training vocabulary (resources/vocabulary/controlled-schedules.json) by the ingredient the name starts with.
import schedules from '../../../resources/vocabulary/controlled-schedules.json' with { type: 'json' };

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

export function scheduleOf(product: Record<string, unknown>): string | null {
  const said = fromService(product);
  if (said) return said;
  const name = typeof product.name === 'string' ? product.name.trim().toLowerCase() : '';
  const entry = schedules.entries.find((e) => name.startsWith(e.ingredient.toLowerCase()));
  return entry?.schedule ?? null;
}
