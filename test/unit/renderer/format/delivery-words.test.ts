// A webhook delivery in words: where it stands, what the receiver's answer means, and each attempt of its history.
import { describe, expect, it } from 'vitest';
import type { DeliveryLogEntry } from '../../../../contract/service/notifications.ts';
import {
  answerWords,
  attemptCount,
  attemptsOf,
  deliveryStage,
  prettyPayload,
} from '../../../../renderer/format/delivery-words.ts';

const entry = (over: Partial<DeliveryLogEntry>): DeliveryLogEntry => ({
  id: 'd1',
  url: 'http://127.0.0.1:4319/webhooks/fulfillment',
  status: 'pending',
  attempts: 0,
  ...over,
});

describe('where a delivery stands', () => {
  it('is sending before its first attempt, retrying after a failed one, delivered or failed at the end', () => {
    expect(deliveryStage(entry({}))).toBe('waiting');
    expect(deliveryStage(entry({ attempts: 2 }))).toBe('retrying');
    expect(deliveryStage(entry({ status: 'delivered', attempts: 1 }))).toBe('delivered');
    expect(deliveryStage(entry({ status: 'failed', attempts: 8 }))).toBe('failed');
  });
});

describe('the receiver’s answer', () => {
  it('says a 2xx was accepted and a 401 means the signing key was not accepted', () => {
    expect(answerWords(204, null)).toBe('Accepted (HTTP 204)');
    expect(answerWords(401, null)).toBe('Refused (HTTP 401): the receiver did not accept the signing key');
  });

  it('says what a missing answer was', () => {
    expect(answerWords(null, 'connect ECONNREFUSED 127.0.0.1:4319')).toBe(
      'No answer: connect ECONNREFUSED 127.0.0.1:4319',
    );
    expect(answerWords(undefined, undefined)).toBe('No answer yet');
    expect(answerWords(503, null)).toBe('The receiver failed (HTTP 503)');
  });

  it('counts attempts in words', () => {
    expect(attemptCount(1)).toBe('1 attempt');
    expect(attemptCount(3)).toBe('3 attempts');
  });
});

describe('the attempts of a delivery', () => {
  it('reads each attempt of the history and leaves out what it cannot read', () => {
    const history = [
      { attempt: 1, at: '2026-03-03T14:00:00.000Z', status_code: 401, error: null, ms: 12 },
      'garbage',
      { attempt: 2, at: '2026-03-03T14:00:20.000Z', status_code: 204, error: null, ms: 9 },
    ];
    expect(attemptsOf(entry({ history })).map((a) => [a.attempt, a.status_code])).toEqual([
      [1, 401],
      [2, 204],
    ]);
    expect(attemptsOf(entry({}))).toEqual([]);
  });
});

describe('a payload for people', () => {
  it('is indented JSON, and says so when there is none', () => {
    expect(prettyPayload({ event_code: 'order.created', data: { id: 'x' } })).toBe(
      '{\n  "event_code": "order.created",\n  "data": {\n    "id": "x"\n  }\n}',
    );
    expect(prettyPayload(null)).toBe('The service showed no payload.');
  });

  it('keeps markup as text for the screen to escape', () => {
    expect(prettyPayload({ name: '<img src=x onerror=alert(1)>' })).toContain('"<img src=x onerror=alert(1)>"');
  });
});
