// What each kind of search result is called, how it is titled, and which screen opens it.
import type { SearchResult } from '../../../contract/service/search.ts';
import type { Route } from '../../state/navigation-store.ts';
import { formatDay, fullNameOf, shortId, textOf } from './result-text.ts';

interface Kind {
  /** The group heading ("Patients") and one result's label ("Patient"). */
  plural: string;
  singular: string;
  title(result: SearchResult): string;
  /** Facts that tell two results of the same name apart. */
  details(result: SearchResult): string[];
  /** The screen it opens, or null when this station has none for it. */
  route(result: SearchResult): Route | null;
}

const present = (values: (string | null)[]): string[] => values.filter((value): value is string => Boolean(value));

const productKind = (singular: string, plural: string): Kind => ({
  plural,
  singular,
  title: (r) => textOf(r, 'name') ?? `Product ${shortId(r)}`,
  details: (r) => present([textOf(r, 'sku') ? `SKU ${textOf(r, 'sku')}` : null, textOf(r, 'category')]),
  // A product has no screen of its own: its lots are on the inventory screen.
  route: () => ({ screen: 'inventory' }),
});

const kinds: Record<string, Kind> = {
  order: {
    plural: 'Orders',
    singular: 'Order',
    title: (r) => `Order ${textOf(r, 'order_number') ?? shortId(r)}`,
    details: (r) => {
      const patient = r.patient && typeof r.patient === 'object' ? (r.patient as Record<string, unknown>) : null;
      return present([
        textOf(r, 'status_name') ?? textOf(r, 'status'),
        patient ? fullNameOf(patient) : null,
        textOf(r, 'created_at') ? `created ${formatDay(textOf(r, 'created_at'))}` : null,
      ]);
    },
    route: (r) => ({ screen: 'order', orderId: r.id }),
  },
  patient: {
    plural: 'Patients',
    singular: 'Patient',
    title: (r) => fullNameOf(r) ?? `Patient ${shortId(r)}`,
    details: (r) => present([textOf(r, 'date_of_birth') ? `born ${formatDay(textOf(r, 'date_of_birth'))}` : null]),
    route: (r) => ({ screen: 'patients', patientId: r.id }),
  },
  prescriber: {
    plural: 'Prescribers',
    singular: 'Prescriber',
    title: (r) => fullNameOf(r) ?? `Prescriber ${shortId(r)}`,
    details: (r) => present([textOf(r, 'npi') ? `NPI ${textOf(r, 'npi')}` : null]),
    route: (r) => ({ screen: 'prescribers', prescriberId: r.id }),
  },
  prescription: {
    plural: 'Prescriptions',
    singular: 'Prescription',
    title: (r) => present([textOf(r, 'drug_name') ?? `Prescription ${shortId(r)}`, textOf(r, 'strength')]).join(' '),
    details: (r) =>
      present([textOf(r, 'status'), textOf(r, 'written_at') ? `written ${formatDay(textOf(r, 'written_at'))}` : null]),
    route: (r) => ({ screen: 'prescription', prescriptionId: r.id }),
  },
  non_prescription: productKind('Non-prescription product', 'Non-prescription products'),
  order_material: productKind('Order material', 'Order materials'),
  task: {
    plural: 'Tasks',
    singular: 'Task',
    title: (r) => textOf(r, 'name') ?? `Task ${shortId(r)}`,
    details: (r) => present([textOf(r, 'status_name'), textOf(r, 'category_name')]),
    route: (r) => ({ screen: 'tasks', taskId: r.id }),
  },
};

/** A result of a kind this station does not know (the service may add kinds): shown, but it opens nothing. */
const unknownKind = (type: string): Kind => ({
  plural: `Other (${type})`,
  singular: type,
  title: (r) => textOf(r, 'name') ?? fullNameOf(r) ?? r.id,
  details: () => [],
  route: () => null,
});

export const resultTypeOf = (result: SearchResult): string => result.result_type ?? 'unknown';

function kindOf(type: string): Kind {
  return Object.hasOwn(kinds, type) ? (kinds[type] as Kind) : unknownKind(type);
}

export const groupLabel = (type: string) => kindOf(type).plural;
export const resultLabel = (result: SearchResult) => kindOf(resultTypeOf(result)).singular;
export const resultTitle = (result: SearchResult) => kindOf(resultTypeOf(result)).title(result);
export const resultDetails = (result: SearchResult) => kindOf(resultTypeOf(result)).details(result);

/** The screen a result opens, or null for a kind this station cannot show. */
export const routeOfResult = (result: SearchResult): Route | null => kindOf(resultTypeOf(result)).route(result);
