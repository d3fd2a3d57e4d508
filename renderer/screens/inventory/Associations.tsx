// The products that draw on a lot, by kind, with how many of its units make one; Alt+P adds one, each can be removed.
import { useState } from 'react';
import type { InventoryLot } from '../../../contract/service/inventory.ts';
import type { ProductKind } from '../../../contract/service/products.ts';
import { useCommands } from '../../commands/command-store.ts';
import { ActionButton } from '../../forms/ActionButton.tsx';
import { useCatalogue, useLotAssociations, useRemoveAssociation } from '../../queries/inventory.ts';
import { messageOf } from '../../queries/station.ts';
import { ListBody } from '../../widgets/ListBody.tsx';
import { AssociationForm } from './AssociationForm.tsx';
import { associationRows } from './association-form.ts';
import type { LotForm } from './lot-details.ts';
import { formatQuantity } from './lot-format.ts';
import { KIND_NOUNS, productsById } from './lot-rows.ts';
import { lotWords } from './wording.ts';

const words = lotWords.associations;

export function Associations(props: { lotId: string; lot: InventoryLot; adding: boolean; onAdd(form: LotForm): void }) {
  const associations = useLotAssociations(props.lotId);
  const catalogue = useCatalogue();
  const remove = useRemoveAssociation(props.lotId);
  const [message, setMessage] = useState<string | null>(null);
  const products = productsById(catalogue.data);
  const kindOf = (productId: string): ProductKind | null => products.get(productId)?.kind ?? null;
  // The list read for this lot, else what came with the lot itself.
  const rows = associationRows(associations.data ?? props.lot.associations, kindOf);
  const associated = new Set(rows.map((row) => row.association.product_id));
  const nameOf = (productId: string, name: string | null | undefined) =>
    name || products.get(productId)?.name || lotWords.unnamedProduct;

  const removeOne = (productId: string, name: string) => {
    if (remove.isPending) return;
    setMessage(null);
    remove.mutate(productId, { onSuccess: () => setMessage(words.removed(name)) });
  };
  useCommands(
    rows.map(({ association }) => ({
      id: `inventory.association.remove.${association.product_id}`,
      title: words.removeOne(nameOf(association.product_id, association.name)),
      group: 'Lot',
      enabled: !props.adding && !remove.isPending,
      run: () => removeOne(association.product_id, nameOf(association.product_id, association.name)),
    })),
  );

  return (
    <section className="card lot-associations" aria-labelledby="lot-associations-title">
      <div className="section-head">
        <h2 id="lot-associations-title">{words.title}</h2>
        {props.adding ? null : (
          <ActionButton
            shortcut="Alt+P"
            onClick={() => {
              setMessage(null);
              props.onAdd('associate');
            }}
          >
            {words.add}
          </ActionButton>
        )}
      </div>
      {message ? (
        <p className="notice notice-good" role="status">
          {message}
        </p>
      ) : null}
      {remove.isError ? (
        <p className="notice notice-bad" role="alert">
          {words.notRemoved}
          {messageOf(remove.error)}
        </p>
      ) : null}
      {props.adding ? (
        <AssociationForm
          lotId={props.lotId}
          unitType={props.lot.unit_type}
          associated={associated}
          onDone={(done) => {
            setMessage(done);
            props.onAdd(null);
          }}
        />
      ) : null}
      <ListBody
        read={associations}
        what="products of this lot"
        count={rows.length}
        empty={<p className="muted">{words.none}</p>}
      >
        <ul className="association-list">
          {rows.map(({ kind, association }) => {
            const name = nameOf(association.product_id, association.name);
            return (
              <li key={association.product_id} className="association-row">
                <span className="association-main">
                  <strong>{name}</strong>
                  <span className="muted">
                    {KIND_NOUNS[kind]} · {formatQuantity(association.units_per_product)}{' '}
                    {props.lot.unit_type || 'units'}
                    {words.perProduct}
                  </span>
                </span>
                <button
                  type="button"
                  className="button button-small"
                  aria-label={words.removeOne(name)}
                  onClick={() => removeOne(association.product_id, name)}
                  disabled={remove.isPending || props.adding}
                >
                  {remove.isPending && remove.variables === association.product_id ? words.removing : words.remove}
                </button>
              </li>
            );
          })}
        </ul>
      </ListBody>
    </section>
  );
}
