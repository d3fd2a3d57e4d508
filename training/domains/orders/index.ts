// The orders domain's functions that other domains, the simulation and the demo data generator reuse.
export { addShipment, requestCancellation, requestReplacement, type ShipmentInput, updateOrder } from './changes.ts';
export { type CreateOrderContext, createOrder, FIRST_ORDER_NUMBER, type OrderInput } from './create.ts';
export {
  allowedNext,
  finalStatuses,
  openStatuses,
  statusFields,
  statusHistoryView,
  type TransitionContext,
  transitionOrder,
} from './lifecycle.ts';
export type { OrderDoc, OrderRow } from './rows.ts';
export { findOrder, listOrders, type OrderFilter, orderRowById, orderView, resolveOrder } from './view.ts';
