// Replacement and cancellation requests: their state, and what is sent.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Order, replacementRequestBody } from '../../../../contract/service/orders.ts';
import {
  cancellationBody,
  cancellationOf,
  composeReason,
  replacementBody,
  replacementOf,
  replacementReasons,
} from '../../../../renderer/screens/order/requests.ts';

const order = (fields: Partial<Order> & Record<string, unknown>): Order => ({
  id: 'o1',
  order_number: 'ORD-1',
  status: 'delivered',
  ...fields,
});

describe('the replacement state of an order', () => {
  it('is none, and may be requested, when nothing was asked', () => {
    expect(replacementOf(order({}))).toMatchObject({ state: 'none', canRequest: true });
  });

  it('is pending while the service says so, and no second request is offered', () => {
    const view = replacementOf(
      order({
        replacement_requested: true,
        replacement_request_status: 'pending',
        replacement_requested_reason: 'Arrived damaged',
      }),
    );
    expect(view).toMatchObject({ state: 'pending', canRequest: false, reason: 'Arrived damaged' });
  });

  it('reads approved and rejected whatever words the service uses', () => {
    expect(replacementOf(order({ replacement_request_status: 'approved' })).state).toBe('approved');
    expect(replacementOf(order({ replacement_request_status: 'denied' })).state).toBe('rejected');
    expect(
      replacementOf(order({ replacement_request_status: 'rejected', replacement_rejected_reason: 'Out of stock' }))
        .rejectedReason,
    ).toBe('Out of stock');
  });

  it('counts a replacement order as an approval when the status is missing', () => {
    expect(replacementOf(order({ replacement_order_ids: ['o2'] }))).toMatchObject({
      state: 'approved',
      replacementOrderIds: ['o2'],
    });
  });

  it('knows the original of a replacement order and why it was made', () => {
    const view = replacementOf(
      order({ is_replacement: true, original_order_id: 'o0', replacement_reason: 'Lost in transit' }),
    );
    expect(view).toMatchObject({ originalOrderId: 'o0', replacedBecause: 'Lost in transit', state: 'none' });
  });
});

describe('the cancellation state of an order', () => {
  it('is pending after a request until the order is cancelled', () => {
    expect(cancellationOf(order({ status: 'picked', cancellation_requested: true }))).toMatchObject({
      state: 'pending',
      canRequest: false,
    });
    expect(cancellationOf(order({ status: 'cancelled', cancellation_requested: true })).state).toBe('approved');
  });

  it('is rejected when the order shipped despite the request', () => {
    expect(cancellationOf(order({ status: 'shipped', cancellation_requested: true })).state).toBe('rejected');
  });

  it('offers no request for an order that is already cancelled', () => {
    expect(cancellationOf(order({ status: 'cancelled' }))).toMatchObject({
      state: 'none',
      cancelled: true,
      canRequest: false,
    });
  });
});

describe('the reason sent with a request', () => {
  it('needs a reason picked from the list', () => {
    expect(replacementBody({ reasonCode: '', details: 'box crushed' })).toEqual({
      ok: false,
      errors: { reason: 'Pick a reason.' },
    });
  });

  it('needs details when the reason is Other', () => {
    expect(replacementBody({ reasonCode: 'other', details: '   ' })).toEqual({
      ok: false,
      errors: { details: 'Say what happened.' },
    });
    expect(replacementBody({ reasonCode: 'other', details: 'Dog ate it' })).toEqual({
      ok: true,
      body: { reason: 'Dog ate it' },
    });
  });

  it('joins the picked reason and the details', () => {
    expect(replacementBody({ reasonCode: 'damaged', details: ' box crushed ' })).toEqual({
      ok: true,
      body: { reason: 'Arrived damaged: box crushed' },
    });
    expect(cancellationBody({ reasonCode: 'duplicate', details: '' })).toEqual({
      ok: true,
      body: { comments: 'Duplicate order' },
    });
  });

  it('refuses, before sending, what the contract would refuse', () => {
    const result = replacementBody({ reasonCode: 'damaged', details: 'x'.repeat(5000) });
    expect(result).toEqual({ ok: false, errors: { details: 'Keep it under 5,000 characters.' } });
  });

  it('sends only bodies the contract accepts, with the details as typed', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...replacementReasons.map((reason) => reason.code)),
        fc.string({ maxLength: 6000 }),
        (reasonCode, details) => {
          const result = replacementBody({ reasonCode, details });
          if (!result.ok) return;
          expect(replacementRequestBody.safeParse(result.body).success).toBe(true);
          expect(result.body.reason).toContain(details.trim());
        },
      ),
    );
  });

  it('never accepts a draft without a reason from the list', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (reasonCode, details) => {
        fc.pre(!replacementReasons.some((reason) => reason.code === reasonCode));
        expect(composeReason(replacementReasons, { reasonCode, details }).ok).toBe(false);
      }),
    );
  });
});
