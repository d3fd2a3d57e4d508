// How an order is stored: the `orders` row and the attributes kept in its `doc` JSON column.
import type { OrderStatus } from '../../../contract/service/orders.ts';

export interface OrderRow {
  id: string;
  order_number: string;
  external_id: string | null;
  patient_id: string | null;
  status: string;
  paused_until: string | null;
  priority_requested: number;
  cancellation_requested: number;
  is_replacement: number;
  original_order_id: string | null;
  replacement_requested: number;
  replacement_request_status: string | null;
  replacement_requested_at: string | null;
  doc: string;
  created_at: string;
  updated_at: string;
}

/**
 * A shipping address as an order stores it: the request's fields plus its own id and type `shipping`. Type aliases,
 * not interfaces, so they fit the contract's loose (index-signed) objects.
 */
export type StoredAddress = {
  id: string;
  address_1: string;
  address_2?: string | undefined;
  city: string;
  state: string;
  zip_code: string;
  country?: string | undefined;
  type: 'shipping';
};

export type StoredShipping = {
  carrier?: string | undefined;
  service_level?: string | undefined;
  signature_confirmation?: string | undefined;
};

export type StoredCustomShipping = {
  label_url?: string | undefined;
  tracking_number?: string | undefined;
  tracking_url?: string | undefined;
  carrier?: string | undefined;
};

/** Attributes of an order that no query filters on. */
export interface OrderDoc {
  address?: StoredAddress;
  shipping?: StoredShipping;
  custom_shipping?: StoredCustomShipping;
  /** While paused: the status the order returns to when it is unpaused. */
  paused_from?: OrderStatus;
  cancellation_comments?: string;
  cancellation_requested_at?: string;
  cancellation_requested_by?: string | null;
  replacement_requested_reason?: string;
  replacement_requested_by?: string | null;
  /** On a replacement order: why it replaces its original. */
  replacement_reason?: string;
  /** When (and by whom; null for the simulation) a replacement request was settled, and why it was rejected. */
  replacement_decided_at?: string;
  replacement_decided_by?: string | null;
  replacement_rejected_reason?: string;
  /** While the order is stuck (training simulation): the stuck reason of service-facts.md, its code, and since when. */
  stuck_reason?: string;
  stuck_reason_code?: string;
  stuck_at?: string;
}
