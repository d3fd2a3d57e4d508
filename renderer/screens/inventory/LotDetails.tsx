// One lot: its facts and flags, which lot of its product to use first, the quantity with Adjust (Alt+A) and the audit
// entries, the products that draw on it (Alt+P adds one), its label; Alt+E edits it, Escape goes back to the list.
import { useState } from 'react';
import { useCommands } from '../../commands/command-store.ts';
import { localDay } from '../../format/record-values.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { useCatalogue, useInventoryList, useLot } from '../../queries/inventory.ts';
import { RecordHead } from '../../records/RecordHead.tsx';
import { RecordNotRead } from '../../records/RecordNotRead.tsx';
import { navigate } from '../../state/navigation-store.ts';
import { StaleNote } from '../../widgets/StaleNote.tsx';
import { Associations } from './Associations.tsx';
import { EditLot } from './EditLot.tsx';
import { useInventoryStore } from './inventory-store.ts';
import { LotFacts } from './LotFacts.tsx';
import { LotFlags } from './LotFlags.tsx';
import { LotLabel } from './LotLabel.tsx';
import { LotNotice } from './LotNotice.tsx';
import { LotQuantity } from './LotQuantity.tsx';
import { LOT_SHORTCUTS, type LotForm } from './lot-details.ts';
import { lotName } from './lot-format.ts';
import { lotViews, withLot } from './lot-rows.ts';
import { UseFirstNote } from './UseFirstNote.tsx';
import { lotWords } from './wording.ts';

const toList = () => navigate({ screen: 'inventory' });

export function LotDetails({ lotId }: { lotId: string }) {
  const lot = useLot(lotId);
  const inventory = useInventoryList();
  const catalogue = useCatalogue();
  const [form, setForm] = useState<LotForm>(null);
  const today = localDay();
  const data = lot.data;
  // The lot as the list shows it (product, flags, suggestion), with the freshest read of it in its place.
  const views = data ? lotViews(withLot(inventory.data, data), catalogue.data, today) : [];
  const view = views.find((each) => each.lot.id === lotId) ?? null;
  const productLots = views.filter((each) => each.lot.product_id === data?.product_id);

  // Opening a form makes the last notice (a scan, a save) old news.
  const openForm = (next: LotForm) => {
    if (next !== null) useInventoryStore.getState().showNotice(null);
    setForm(next);
  };

  useCommands([
    {
      id: 'inventory.lot.edit',
      title: lotWords.editCommand,
      group: lotWords.group,
      shortcut: LOT_SHORTCUTS.edit,
      enabled: !!data && form === null,
      run: () => openForm('edit'),
    },
    {
      id: 'inventory.lot.adjust',
      title: lotWords.adjustCommand,
      group: lotWords.group,
      shortcut: LOT_SHORTCUTS.adjust,
      keywords: 'count add remove take away quantity stock',
      enabled: !!data && form === null,
      run: () => openForm('adjust'),
    },
    {
      id: 'inventory.lot.associate',
      title: lotWords.associateCommand,
      group: lotWords.group,
      shortcut: LOT_SHORTCUTS.associate,
      keywords: 'association link',
      enabled: !!data && form === null,
      run: () => openForm('associate'),
    },
    {
      id: 'inventory.lot.back',
      title: lotWords.toListCommand,
      group: lotWords.group,
      shortcut: LOT_SHORTCUTS.back,
      enabled: form === null,
      run: toList,
    },
  ]);

  if (!data || !view) {
    return (
      <RecordNotRead query={lot} words={lotWords} onBack={toList} backShortcut={LOT_SHORTCUTS.back}>
        <LotNotice />
      </RecordNotRead>
    );
  }
  if (form === 'edit')
    return <EditLot lot={data} productName={view.product?.name ?? null} onDone={() => setForm(null)} />;

  const productName = view.product?.name ?? lotWords.unknownProduct;
  return (
    <main className="screen records inventory" aria-labelledby="lot-title">
      <RecordHead
        titleId="lot-title"
        title={
          <>
            {lotName(data)} <span className="lot-title-product">{lotWords.ofProduct(productName)}</span>
          </>
        }
        below={
          <p className="lot-title-flags">
            <LotFlags view={view} />
          </p>
        }
        actions={
          <div className="row">
            <ActionButton shortcut={LOT_SHORTCUTS.edit} onClick={() => openForm('edit')} disabled={form !== null}>
              {lotWords.edit}
            </ActionButton>
            <ActionButton shortcut={LOT_SHORTCUTS.back} onClick={toList} disabled={form !== null}>
              {lotWords.toList}
            </ActionButton>
          </div>
        }
      />
      <LotNotice />
      <StaleNote updatedAt={lot.dataUpdatedAt} refreshFailed={lot.isRefetchError} />
      <UseFirstNote lot={data} productLots={productLots} productName={productName} today={today} />
      <div className="lot-layout">
        <div className="lot-column">
          <LotQuantity lot={data} adjusting={form === 'adjust'} onAdjust={openForm} />
          <Associations lotId={lotId} lot={data} adding={form === 'associate'} onAdd={openForm} />
        </div>
        <div className="lot-column">
          <LotFacts lot={data} view={view} />
          <LotLabel lotId={lotId} />
        </div>
      </div>
    </main>
  );
}
