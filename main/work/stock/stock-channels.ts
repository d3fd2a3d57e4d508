// A lot's stock changed by hand (the inventory screen), decided in main: a lot any of whose products the service marks
// controlled changes outside a fill only with a pharmacist's witness, given at this station for that lot and used once.
// Main reads the lot and the catalogue itself; the renderer's word on what is controlled is never asked. The witness
// is named in the reason the service and the audit log keep. Stock taken at a fill goes through the outbox instead
// (main/work/verify-runs/stock-at-verification.ts).

import type { AuditPerson } from '../../../contract/ipc/audit-shapes.ts';
import type { ChannelGroup } from '../../../contract/ipc/channel-group.ts';
import type { InventoryLot } from '../../../contract/service/inventory.ts';
import { operations } from '../../../contract/service/operations.ts';
import type { ProductCatalogue } from '../../../contract/service/products.ts';
import { type AdjustCall, type AuditLog, adjustmentFromCall } from '../../audit/index.ts';
import { StationError } from '../../platform/errors/station-errors.ts';
import type { Logger } from '../../platform/log/logger.ts';
import { callService, type ServiceCallParts } from '../../service/calls/service-calls.ts';
import { type CallInput, checkedInput } from '../../service/client/index.ts';
import type { PharmacistConfirmations } from '../../service/session/pharmacist-confirm.ts';

export interface StockChannelParts extends ServiceCallParts {
  confirmations: Pick<PharmacistConfirmations, 'take'>;
  audit: Pick<AuditLog, 'recordAdjustment'>;
  log: Logger;
}

/**
 * The service's adjustment of a lot, and main's record of it once the service confirmed it: here the renderer can
 * neither forge an entry nor forget one. Who is taken before the call (a sign-out while it runs must not lose the
 * person who made it). `sent`: the call as the client sends it (marked checked when the dispatcher parsed it whole). A
 * record's failure is logged loudly but never answered: the service has made the change, and an error shown to the
 * person would invite making it a second time.
 */
async function adjustLot(
  call: AdjustCall,
  parts: StockChannelParts,
  sent: CallInput<typeof operations.inventory.adjustQuantity> = call,
): Promise<InventoryLot> {
  const user = parts.session.state().user;
  const lot = await callService(operations.inventory.adjustQuantity, sent, parts);
  try {
    parts.audit.recordAdjustment(adjustmentFromCall(call, lot), user);
  } catch (error) {
    parts.log.error('a confirmed call was not recorded in the audit log', {
      operation: operations.inventory.adjustQuantity.name,
      error: error instanceof Error ? error.message : String(error),
    });
  }
  return lot;
}

/** The products that draw on the lot: its own and any associated. */
function productIdsOf(lot: InventoryLot): string[] {
  const ids = lot.product_id ? [lot.product_id] : [];
  const associations = lot.associations;
  const listed = Array.isArray(associations)
    ? associations
    : Object.values(associations ?? {}).flatMap((each) => (Array.isArray(each) ? each : []));
  for (const association of listed) {
    const id = (association as { product_id?: unknown }).product_id;
    if (typeof id === 'string' && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** The name of the lot's controlled product, or null when none of its products is controlled. */
export function controlledProductOf(lot: InventoryLot, catalogue: ProductCatalogue): string | null {
  const ids = new Set(productIdsOf(lot));
  const controlled = (catalogue.prescription ?? []).find(
    (product) => ids.has(product.id) && product.is_controlled_substance === true,
  );
  return controlled ? (controlled.name ?? controlled.sku ?? 'a controlled product') : null;
}

async function controlledLot(
  lotId: string,
  parts: ServiceCallParts,
): Promise<{ lot: InventoryLot; drug: string | null }> {
  const lot = await callService(operations.inventory.get, { params: { lot_id: lotId } }, parts);
  const catalogue = await callService(operations.products.list, {}, parts);
  return { lot, drug: controlledProductOf(lot, catalogue) };
}

const witnessNeeded = (lot: InventoryLot, drug: string) =>
  new StationError(
    'forbidden',
    `Lot ${lot.batch_number ?? lot.id} is ${drug}, a controlled substance: its quantity changes outside a fill only ` +
      'with a pharmacist as witness. A pharmacist confirms at the station, then the change is made.',
  );

const witnessed = (reason: string, by: AuditPerson) => `${reason} (witnessed by pharmacist ${by.name ?? by.email})`;

type StockChannel = 'inventory:adjustQuantity' | 'inventory:adjustWitnessed';

export const stockHandlers: ChannelGroup<StockChannel, StockChannelParts> = {
  /** The service's adjustment, refused for a controlled lot (main reads the lot and the catalogue itself). */
  'inventory:adjustQuantity': async (input, parts) => {
    // The dispatcher parsed the input with the operation's own schemas (contract/ipc/service-channels.ts).
    const call = input as CallInput<typeof operations.inventory.adjustQuantity>;
    const { lot, drug } = await controlledLot(call.params.lot_id, parts);
    if (drug) throw witnessNeeded(lot, drug);
    return adjustLot(call, parts, checkedInput(call));
  },
  /** A change with a pharmacist's witness for this lot: the confirmation is used up, and the witness named. */
  'inventory:adjustWitnessed': async ({ lotId, body, confirmationId }, parts) => {
    await controlledLot(lotId, parts);
    const by = parts.confirmations.take(confirmationId, { kind: 'stock_witness', lotId });
    const reason = witnessed(body.reason, by);
    return adjustLot({ params: { lot_id: lotId }, body: { ...body, reason } }, parts);
  },
};
