// Shipments the simulation creates: the carrier and service level the order asked for, and a synthetic tracking number and URL in the carrier's own format.
import type { ShipmentInput } from '../domains/orders/changes.ts';
import type { OrderDoc } from '../domains/orders/rows.ts';
import { choose, digitsFor } from './dwell.ts';

/** A made-up UPS shipper account: every training label ships from it. */
const UPS_SHIPPER = 'TR41N1';

/** GS1 mod-10 (weights 3 and 1 from the right), the check digit of a USPS Intelligent Mail package barcode. */
function mod10(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[digits.length - 1 - i]);
    sum += i % 2 === 0 ? digit * 3 : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** The UPS check digit over the 15 characters after `1Z`: letters count as (code - 63) mod 10, even places twice. */
function upsCheck(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    const value = c >= 48 && c <= 57 ? c - 48 : (c - 63) % 10;
    sum += i % 2 === 1 ? value * 2 : value;
  }
  return (10 - (sum % 10)) % 10;
}

/** The UPU S10 check digit (Priority Mail Express numbers such as EA123456785US). */
function s10Check(serial: string): number {
  const weights = [8, 6, 4, 2, 3, 5, 9, 7];
  const sum = weights.reduce((total, w, i) => total + w * Number(serial[i]), 0);
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

export function trackingNumber(carrier: string, serviceLevel: string, seed: number, orderId: string): string {
  if (carrier === 'ups') {
    const body = `${UPS_SHIPPER}${serviceLevel === 'next_day' ? '01' : '03'}${digitsFor(7, seed, orderId, 'ups')}`;
    return `1Z${body}${upsCheck(body)}`;
  }
  if (serviceLevel === 'next_day') {
    const serial = digitsFor(8, seed, orderId, 'usps-express');
    return `EA${serial}${s10Check(serial)}US`;
  }
  // 22 digits: the 9400 channel prefix, a made-up mailer id and serial, and the check digit.
  const body = `9400${digitsFor(17, seed, orderId, 'usps')}`;
  return `${body}${mod10(body)}`;
}

export function trackingUrl(carrier: string, tracking: string): string {
  return carrier === 'ups'
    ? `https://www.ups.com/track?tracknum=${encodeURIComponent(tracking)}`
    : `https://tools.usps.com/go/TrackConfirmAction?tLabels=${encodeURIComponent(tracking)}`;
}

const defaultLevel = (carrier: string) => (carrier === 'ups' ? 'ups_ground' : 'usps_ground_advantage');

/**
 * The shipment of an order leaving the pharmacy. Decisions: a label the client bought (custom_shipping with a tracking
 * number) is used as it is; otherwise the carrier and level the order asked for (usps or ups; another carrier name
 * ships usps), a seeded choice between the two when it asked for none.
 */
export function shipmentFor(doc: OrderDoc, seed: number, orderId: string): ShipmentInput {
  const custom = doc.custom_shipping;
  if (custom?.tracking_number) {
    return {
      carrier: custom.carrier ?? doc.shipping?.carrier ?? null,
      service_level: doc.shipping?.service_level ?? null,
      tracking_number: custom.tracking_number,
      tracking_url: custom.tracking_url ?? null,
    };
  }
  const asked = doc.shipping?.carrier?.toLowerCase();
  const carrier =
    asked === 'ups' || asked === 'usps' ? asked : asked ? 'usps' : choose(['usps', 'ups'], seed, orderId, 'carrier');
  const level = doc.shipping?.service_level ?? defaultLevel(carrier);
  const tracking = trackingNumber(carrier, level, seed, orderId);
  return { carrier, service_level: level, tracking_number: tracking, tracking_url: trackingUrl(carrier, tracking) };
}
