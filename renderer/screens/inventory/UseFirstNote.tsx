// Which lot of this product to pick from first: this one, or another that expires sooner (with a way to open it).
import type { InventoryLot } from '../../../contract/service/inventory.ts';
import { formatDay } from '../../format/record-values.ts';
import { navigate } from '../../state/navigation-store.ts';
import { firstExpiringUsable, isUsable } from './lot-flags.ts';
import { lotName } from './lot-format.ts';
import type { LotView } from './lot-rows.ts';
import { lotWords } from './wording.ts';

const words = lotWords.useFirst;

export function UseFirstNote(props: {
  lot: InventoryLot;
  productLots: readonly LotView[];
  productName: string;
  today: string;
}) {
  const { lot, productName, today } = props;
  const first = firstExpiringUsable(
    props.productLots.map((view) => view.lot),
    today,
  );
  if (first?.id === lot.id) {
    const others = props.productLots.length - 1;
    return (
      <p className="notice notice-good" role="status">
        <strong>{words.thisOne}</strong>{' '}
        {others > 0 ? words.firstOf(others + 1, productName) : words.onlyOne(productName)}
      </p>
    );
  }
  if (first) {
    return (
      <p className="notice notice-warn" role="status">
        <strong>
          {words.use}
          {lotName(first)}
          {words.first}
        </strong>
        {first.expiration_date ? words.expires(formatDay(first.expiration_date)) : ''}
        {isUsable(lot, today) ? words.beforeThis : words.notThis}{' '}
        <button
          type="button"
          className="button button-small"
          onClick={() => navigate({ screen: 'inventory', lotId: first.id })}
        >
          {words.open}
          {lotName(first)}
        </button>
      </p>
    );
  }
  return (
    <p className="notice notice-bad" role="status">
      {words.noLotOf}
      {productName}
      {words.noneUsable}
    </p>
  );
}
