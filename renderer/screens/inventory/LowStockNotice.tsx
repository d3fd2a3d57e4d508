// Which order materials are at or under their reorder threshold: time to order more.
import type { InventoryByKind } from '../../../contract/service/inventory.ts';
import type { ProductCatalogue } from '../../../contract/service/products.ts';
import { formatQuantity } from './lot-format.ts';
import { lowStockProducts } from './lot-rows.ts';
import { inventoryWords } from './wording.ts';

export function LowStockNotice(props: {
  catalogue: ProductCatalogue | undefined;
  inventory: InventoryByKind | undefined;
}) {
  const low = lowStockProducts(props.catalogue, props.inventory);
  if (low.length === 0) return null;
  return (
    <section className="notice notice-warn low-stock" aria-labelledby="low-stock-title">
      <h2 id="low-stock-title">{inventoryWords.lowStock.title}</h2>
      <ul>
        {low.map(({ product, stock }) => (
          <li key={product.id}>
            <strong>{product.name}</strong>
            {product.sku ? ` (${product.sku})` : ''}: {formatQuantity(stock.stock)}
            {inventoryWords.lowStock.left} {formatQuantity(stock.threshold)}
          </li>
        ))}
      </ul>
    </section>
  );
}
