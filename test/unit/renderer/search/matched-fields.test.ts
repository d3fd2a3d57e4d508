// Where a result matched, as the screen shows it, and which screen each kind of result opens.
import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../../contract/service/search.ts';
import { matchedFields } from '../../../../renderer/screens/search/matched-fields.ts';
import {
  resultDetails,
  resultLabel,
  resultTitle,
  routeOfResult,
} from '../../../../renderer/screens/search/result-kinds.ts';
import { formatPhone } from '../../../../renderer/screens/search/result-text.ts';
import { searchTerms } from '../../../../renderer/screens/search/search-terms.ts';

const avery: SearchResult = {
  id: '0b6c2a4e-0000-4000-8000-000000000001',
  rank: 12.5,
  result_type: 'patient',
  first_name: 'Avery',
  last_name: 'Example',
  phone: '5550104477',
  email: 'avery@example.test',
  date_of_birth: '1980-02-29',
  external_id: 'EXT-77',
};

const matched = (result: SearchResult, q: string) =>
  matchedFields(result, searchTerms(q)).map((m) => ({ label: m.label, value: m.value, terms: m.terms }));

describe('the field a result matched', () => {
  it('is the phone for a substring of a patient’s phone, typed bare or with dashes', () => {
    expect(matched(avery, '0104477')).toEqual([{ label: 'Phone', value: '(555) 010-4477', terms: ['0104477'] }]);
    expect(matched(avery, '555-0104')).toEqual([{ label: 'Phone', value: '(555) 010-4477', terms: ['555-0104'] }]);
    expect(matched(avery, '5550104477')[0]?.label).toBe('Phone');
  });

  it('is the date of birth in the form it was typed', () => {
    expect(matched(avery, '02/29/1980')).toEqual([
      { label: 'Date of birth', value: '02/29/1980', terms: ['02/29/1980'] },
    ]);
    expect(matched(avery, '19800229')[0]?.value).toBe('19800229');
  });

  it('is the full name for a quoted name, and several fields when the words sit in several', () => {
    expect(matched(avery, '"avery example"')).toEqual([
      { label: 'Name', value: 'Avery Example', terms: ['avery example'] },
    ]);
    expect(matched(avery, 'avery 4477').map((m) => m.label)).toEqual(['Name', 'Phone']);
  });

  it('prefers the field holding most of the terms, then the one the service weighs more', () => {
    // "avery" is in the name and the email: the name weighs more in the service's rank.
    expect(matched(avery, 'avery')[0]?.label).toBe('Name');
    expect(matched(avery, 'avery example.test')[0]?.label).toBe('Email');
  });

  it('finds a prescriber by NPI, a product by SKU, an order by its number, a task by its description', () => {
    expect(
      matched({ id: 'p', result_type: 'prescriber', npi: '1234567893', first_name: 'Dana' }, '45678')[0]?.label,
    ).toBe('NPI');
    expect(
      matched({ id: 'm', result_type: 'order_material', name: 'Cold pack', sku: 'MAT-COLD-1' }, 'cold-1')[0]?.label,
    ).toBe('SKU');
    expect(matched({ id: 'o', result_type: 'order', order_number: '1000042' }, '00042')[0]?.label).toBe('Order number');
    const task = { id: 't', result_type: 'task', name: 'Call patient', description: 'Ask about the insulin refill' };
    expect(matched(task, 'insulin')[0]?.label).toBe('Description');
  });

  it('is none of the shown fields when the text is not in any of them', () => {
    expect(matched(avery, 'zzz')).toEqual([]);
  });
});

describe('a phone as shown', () => {
  it('reads as (555) 010-4477 when it has ten digits, and as stored otherwise', () => {
    expect(formatPhone('5550104477')).toBe('(555) 010-4477');
    expect(formatPhone('+1 555 010 4477')).toBe('(555) 010-4477');
    expect(formatPhone('020 7946 0018')).toBe('020 7946 0018');
  });
});

describe('each kind of result', () => {
  const cases: [SearchResult, string, unknown][] = [
    [{ id: 'o1', result_type: 'order', order_number: '1000042' }, 'Order 1000042', { screen: 'order', orderId: 'o1' }],
    [avery, 'Avery Example', { screen: 'patients', patientId: avery.id }],
    [
      { id: 'd1', result_type: 'prescriber', first_name: 'Dana', last_name: 'Doctor' },
      'Dana Doctor',
      { screen: 'prescribers', prescriberId: 'd1' },
    ],
    [
      { id: 'rx1', result_type: 'prescription', drug_name: 'Amoxicillin', strength: '500 mg' },
      'Amoxicillin 500 mg',
      { screen: 'prescription', prescriptionId: 'rx1' },
    ],
    [{ id: 't1', result_type: 'task', name: 'Call patient' }, 'Call patient', { screen: 'tasks', taskId: 't1' }],
    [{ id: 'n1', result_type: 'non_prescription', name: 'Saline' }, 'Saline', { screen: 'inventory' }],
    [{ id: 'm1', result_type: 'order_material', name: 'Cold pack' }, 'Cold pack', { screen: 'inventory' }],
  ];

  it.each(cases)('is titled for people and opens its own screen (%#)', (result, title, route) => {
    expect(resultTitle(result)).toBe(title);
    expect(routeOfResult(result)).toEqual(route);
  });

  it('shows a patient’s date of birth for people, not as stored', () => {
    expect(resultDetails(avery)).toEqual(['born Feb 29, 1980']);
    expect(resultLabel(avery)).toBe('Patient');
  });

  it('opens nothing for a kind this station does not know', () => {
    expect(routeOfResult({ id: 'x', result_type: 'lab_result', name: 'Panel' })).toBeNull();
    expect(resultTitle({ id: 'x', result_type: 'lab_result', name: 'Panel' })).toBe('Panel');
  });
});
