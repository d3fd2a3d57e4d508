// Barcode schemas: entity types, safe images, scanned values and the three barcode operations.
import { describe, expect, it } from 'vitest';
import {
  BARCODE_VALUE_FORMAT,
  barcode,
  barcodeCreateBody,
  barcodeEntityType,
  barcodesOperations,
  barcodeVerifyBody,
} from '../../../contract/service/barcodes.ts';

const ORDER_ID = '4d5e6f7a-8b9c-4d0e-9f1a-3b4c5d6e7f8a';
const VALUE = `ORDER-${ORDER_ID}-0a1b2c3d`;
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const sampleBarcode = {
  id: '6f7a8b9c-0d1e-4f2a-9b3c-5d6e7f8a9b0c',
  created_at: '2025-03-16T22:55:37.920593',
  updated_at: '2025-03-16T22:55:37Z',
  value: VALUE,
  entity_type: 'order',
  entity_id: ORDER_ID,
  is_active: true,
  expires_at: null,
  image: PNG,
  format: 'code128',
};

describe('barcode entity types', () => {
  it('are the eight kinds of record that carry labels', () => {
    expect(barcodeEntityType.options).toEqual([
      'user',
      'order',
      'patient',
      'prescription',
      'prescription_product',
      'non_prescription_product',
      'order_material',
      'inventory',
    ]);
  });
});

describe('barcode answers', () => {
  it('keep a PNG data URL image and unknown fields', () => {
    const parsed = barcode.parse(sampleBarcode);
    expect(parsed.image).toBe(PNG);
    expect(parsed.format).toBe('code128');
  });

  it.each([
    ['a remote image', 'https://images.example.test/barcode.png'],
    ['an SVG, which can carry script', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4='],
    ['a script URL', 'javascript:alert(1)'],
  ])('drop %s to null instead of showing it', (_label, image) => {
    expect(barcode.parse({ ...sampleBarcode, image }).image).toBeNull();
  });

  it('accept a barcode listed without its image', () => {
    const { image: _image, ...withoutImage } = sampleBarcode;
    expect(barcode.safeParse(withoutImage).success).toBe(true);
  });

  it('match the documented value format', () => {
    expect(BARCODE_VALUE_FORMAT.test(VALUE)).toBe(true);
    expect(BARCODE_VALUE_FORMAT.test(`ORDER-${ORDER_ID}`)).toBe(false);
  });
});

describe('barcode requests', () => {
  it('create with or without an expiry, and nothing else', () => {
    expect(barcodeCreateBody.safeParse({}).success).toBe(true);
    expect(barcodeCreateBody.safeParse({ expires_at: '2026-01-01T00:00:00Z' }).success).toBe(true);
    expect(barcodeCreateBody.safeParse({ expires_at: 'tomorrow' }).success).toBe(false);
    expect(barcodeCreateBody.safeParse({ value: VALUE }).success).toBe(false);
  });

  it('verify a scanned value, trimming the newline a scanner adds', () => {
    expect(barcodeVerifyBody.parse({ barcode_value: `${VALUE}\n` })).toEqual({ barcode_value: VALUE });
  });

  it.each([
    ['an empty value', { barcode_value: '' }],
    ['a value with spaces inside', { barcode_value: 'ORDER 1' }],
    ['markup', { barcode_value: '<script>' }],
    ['a 10 000-character value', { barcode_value: 'A'.repeat(10_000) }],
    ['a number', { barcode_value: 12345 }],
    ['an unknown key', { barcode_value: VALUE, entity_type: 'order' }],
  ])('refuse to verify %s', (_label, body) => {
    expect(barcodeVerifyBody.safeParse(body).success).toBe(false);
  });
});

describe('the barcode operations', () => {
  const examples: Record<keyof typeof barcodesOperations, unknown> = {
    list: [sampleBarcode, { id: 'b-2', value: VALUE, is_active: false }],
    create: sampleBarcode,
    verify: sampleBarcode,
  };

  it.each(Object.entries(barcodesOperations))('%s accepts a realistic answer', (verb, op) => {
    expect(op.response.safeParse(examples[verb as keyof typeof examples]).success).toBe(true);
  });

  it('refuse a verification answer that does not say what the barcode labels', () => {
    expect(barcodesOperations.verify.response.safeParse({ id: 'b-1', value: VALUE }).success).toBe(false);
  });

  it('address a record by a known entity type and a UUID', () => {
    const params = barcodesOperations.list.params;
    expect(params.safeParse({ entity_type: 'inventory', entity_id: ORDER_ID }).success).toBe(true);
    expect(params.safeParse({ entity_type: 'invoice', entity_id: ORDER_ID }).success).toBe(false);
    expect(params.safeParse({ entity_type: 'order', entity_id: '100234' }).success).toBe(false);
  });

  it('filter the list by activity and ask for images from URL text', () => {
    const query = barcodesOperations.list.query.parse({ is_active: 'true', include_images: 'false' });
    expect(query).toEqual({ is_active: true, include_images: false });
  });
});
