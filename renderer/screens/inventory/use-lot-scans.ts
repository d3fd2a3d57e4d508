// While an inventory screen is open, scans open lots: a lot's INVENTORY-… label (asked of the service), its id, or its
// batch number (also inside a GS1 code). Anything else gets a clear message; the scan bar flashes and sounds.
import { useQueryClient } from '@tanstack/react-query';
import type { InventoryByKind } from '../../../contract/service/inventory.ts';
import { playBad, playGood } from '../../feedback/sounds.ts';
import { inventoryNow } from '../../queries/inventory.ts';
import { messageOf } from '../../queries/station.ts';
import { useClaimScans } from '../../scan/scan-target-store.ts';
import { labelWords } from '../../scan/scan-words.ts';
import { labelProblem, lookUpLabel } from '../../scan/service-label.ts';
import { navigate, useNavigationStore } from '../../state/navigation-store.ts';
import { useScanStore } from '../../state/scan-store.ts';
import { type LotNoticeText, useInventoryStore } from './inventory-store.ts';
import { lotName } from './lot-format.ts';
import { lotsNamedBy, readLotScan } from './lot-scan.ts';

export const LOT_SCAN_LABEL = 'Scan a lot’s label or type its batch number, then press Enter';

type Outcome = Omit<LotNoticeText, 'sequence'> & { lotId?: string; batch?: string };

async function lotOfServiceLabel(code: string): Promise<Outcome> {
  const label = await lookUpLabel(code);
  if (label.kind !== 'labels') {
    const next = label.kind === 'unknown' ? ' Type the lot’s batch number instead.' : '';
    return { tone: 'bad', text: `${labelProblem(code, label)}${next}` };
  }
  if (label.entityType === 'inventory')
    return { tone: 'good', text: 'Opened the lot on this label.', lotId: label.entityId };
  return {
    tone: 'bad',
    text: `${labelWords.labelsOther(code, label.entityType, 'a lot')} Scan the lot’s own label, or go to Scan (Alt+1) to open orders.`,
  };
}

async function lotOfText(text: string, readLots: () => Promise<InventoryByKind>): Promise<Outcome> {
  let inventory: InventoryByKind;
  try {
    inventory = await readLots();
  } catch (error) {
    return { tone: 'bad', text: `Could not read the lots to look for ${text}: ${messageOf(error)}` };
  }
  const lots = [
    ...(inventory.prescription ?? []),
    ...(inventory.non_prescription ?? []),
    ...(inventory.order_material ?? []),
  ];
  const found = lotsNamedBy(lots, text);
  const only = found[0];
  if (found.length === 1 && only) return { tone: 'good', text: `Opened ${lotName(only)}.`, lotId: only.id };
  if (found.length > 1) {
    return {
      tone: 'good',
      text: `${found.length} lots have the batch number ${text}: they are listed below.`,
      batch: text,
    };
  }
  return { tone: 'bad', text: `No lot has the batch number or label “${text}”. Check the label and scan again.` };
}

export function useLotScans(): void {
  const queryClient = useQueryClient();
  const readLots = () => inventoryNow(queryClient);

  useClaimScans(async (raw) => {
    const scan = readLotScan(raw);
    if (scan.kind === 'empty') return;
    const { started, finished } = useScanStore.getState();
    const sequence = started(raw.trim());
    let outcome: Outcome;
    if (scan.kind === 'partial') {
      outcome = { tone: 'bad', text: labelWords.partial(scan.code) };
    } else if (scan.kind === 'service') {
      outcome = await lotOfServiceLabel(scan.code);
    } else {
      outcome = await lotOfText(scan.text, readLots);
    }
    // A slower answer to an earlier scan must not open something after a newer scan did.
    if (useScanStore.getState().sequence !== sequence) return;
    const openForm = useInventoryStore.getState().openForm;
    if (openForm && (outcome.lotId || outcome.batch)) {
      outcome = {
        tone: 'bad',
        text: `Scanned ${raw.trim()}: finish or cancel “${openForm}” first, so nothing typed is lost.`,
      };
    }
    finished(sequence, outcome.tone, outcome.text);
    const ui = useInventoryStore.getState();
    if (outcome.tone === 'good') playGood();
    else playBad();
    if (outcome.lotId) {
      ui.select(outcome.lotId);
      navigate({ screen: 'inventory', lotId: outcome.lotId });
    } else if (outcome.batch) {
      ui.setFilter('all');
      ui.setText(outcome.batch);
      navigate({ screen: 'inventory' });
    }
    ui.showNotice({ tone: outcome.tone, text: outcome.text, sequence: useNavigationStore.getState().sequence });
  }, LOT_SCAN_LABEL);
}
