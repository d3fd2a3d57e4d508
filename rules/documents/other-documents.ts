// The packing slip, the lot label and the staff badge: their content from what main read.

import type { BadgeContent, LotContent, SlipContent } from '../../contract/document-content.ts';
import type { InventoryLot } from '../../contract/service/inventory.ts';
import type { Order } from '../../contract/service/orders.ts';
import type { Address } from '../../contract/service/shared-fields.ts';
import { writtenDay, writtenMoment } from '../words/dates.ts';
import { nameOf, serviceName } from '../words/person-name.ts';

/** The address as lines: street, second line, "City, ST 12345". */
export function addressLines(address: Address | null | undefined): string[] {
  if (!address) return [];
  const cityLine = [[address.city, address.state].filter(Boolean).join(', '), address.zip_code]
    .filter(Boolean)
    .join(' ');
  return [address.address_1, address.address_2, cityLine].filter((line): line is string => Boolean(line?.trim()));
}

export interface SlipFacts {
  pharmacy: { name: string | null; address: string | null; phone: string | null };
  order: Order;
  /** The finished verification of the order at this station: who, when, the lots each product's scans read. */
  verification: {
    by: string;
    recordedAt: string;
    lots: readonly { productId: string; lot: string; expiry: string | null }[];
  } | null;
}

function lotsOf(facts: SlipFacts, productId: string): string {
  const lots = (facts.verification?.lots ?? [])
    .filter((each) => each.productId === productId)
    .map((each) => (each.expiry ? `${each.lot} (exp ${each.expiry})` : each.lot));
  return lots.length > 0 ? [...new Set(lots)].join(', ') : 'not recorded';
}

export function packingSlip(facts: SlipFacts): SlipContent {
  const { order, verification } = facts;
  const products = [...(order.products?.prescription ?? []), ...(order.products?.non_prescription ?? [])];
  return {
    kind: 'packing_slip',
    pharmacy: { name: facts.pharmacy.name ?? 'Pharmacy', address: facts.pharmacy.address, phone: facts.pharmacy.phone },
    orderNumber: order.order_number,
    // The order carries its patient (the ship-to name); customer_id names the pharmacy's customer, not the patient.
    shipTo: [serviceName(order.patient) ?? 'Patient', ...addressLines(order.address)],
    lines: products.map((product) => ({
      id: product.id,
      name: product.name ?? product.sku ?? product.id,
      sku: product.sku ?? '—',
      quantity: product.quantity ?? 1,
      lots: lotsOf(facts, product.id),
    })),
    verified: verification
      ? `Verified by ${verification.by} on ${writtenMoment(verification.recordedAt)}.`
      : 'Not verified at this station.',
  };
}

export function lotLabel(lot: InventoryLot, productName: string | null, barcode: string): LotContent {
  return {
    kind: 'lot_label',
    product: productName ?? 'Product',
    lotNumber: lot.batch_number ?? '—',
    expires: writtenDay(lot.expiration_date) ?? '—',
    quantity: lot.current_quantity === null || lot.current_quantity === undefined ? '—' : String(lot.current_quantity),
    manufacturer: lot.manufacturer ?? '',
    barcode,
  };
}

export function staffBadge(
  person: { email: string; firstName: string | null; lastName: string | null },
  role: string | null,
  barcode: string,
): BadgeContent {
  return {
    kind: 'staff_badge',
    name: nameOf(person) ?? person.email,
    email: person.email,
    role: role ?? 'staff',
    barcode,
  };
}
