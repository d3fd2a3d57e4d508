// Choosing a product of any kind: one list, a group per kind, each product by name and SKU.
import { type Ref, useId } from 'react';
import type { ProductCatalogue } from '../../../contract/service/products.ts';
import { KIND_TITLES, PRODUCT_KINDS } from './lot-rows.ts';
import { lotWords } from './wording.ts';

export function ProductSelect(props: {
  label: string;
  catalogue: ProductCatalogue | undefined;
  value: string;
  onChange(productId: string): void;
  error?: string | undefined;
  hint?: string;
  /** Products not offered (already associated). */
  exclude?: ReadonlySet<string>;
  selectRef?: Ref<HTMLSelectElement>;
}) {
  const id = useId();
  const described = [props.hint ? `${id}-hint` : '', props.error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field span-2">
      <label className="field-label" htmlFor={id}>
        {props.label}
        <span className="field-required">{lotWords.fields.required}</span>
      </label>
      <select
        id={id}
        ref={props.selectRef}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-required
        aria-describedby={described || undefined}
      >
        <option value="">{props.catalogue ? lotWords.receive.chooseOne : lotWords.receive.readingProducts}</option>
        {PRODUCT_KINDS.map((kind) => {
          const products = (props.catalogue?.[kind] ?? []).filter((product) => !props.exclude?.has(product.id));
          if (products.length === 0) return null;
          return (
            <optgroup key={kind} label={KIND_TITLES[kind]}>
              {products.map((product) => (
                <option key={product.id} value={product.id}>
                  {product.name || lotWords.unnamedProduct}
                  {product.sku ? ` (${product.sku})` : ''}
                </option>
              ))}
            </optgroup>
          );
        })}
      </select>
      {props.hint ? (
        <span id={`${id}-hint`} className="field-hint">
          {props.hint}
        </span>
      ) : null}
      {props.error ? (
        <span id={`${id}-error`} className="field-error">
          {props.error}
        </span>
      ) : null}
    </div>
  );
}
