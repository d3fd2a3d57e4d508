// The one table of the service's operations, by domain and verb: the client is generated from it, the training service serves it.
import { authOperations } from './auth.ts';
import { barcodesOperations } from './barcodes.ts';
import { drillsOperations } from './drills.ts';
import { inventoryOperations } from './inventory.ts';
import { notificationsOperations } from './notifications.ts';
import { openapiOperations } from './openapi.ts';
import type { AnyOperation } from './operation.ts';
import { ordersOperations } from './orders.ts';
import { patientsOperations } from './patients.ts';
import { plantsOperations } from './plants.ts';
import { prescribersOperations } from './prescribers.ts';
import { prescriptionsOperations } from './prescriptions.ts';
import { productsOperations } from './products.ts';
import { reportsOperations } from './reports.ts';
import { searchOperations } from './search.ts';
import { tasksOperations } from './tasks.ts';
import { trainingOperations } from './training.ts';

export const operations = {
  auth: authOperations,
  orders: ordersOperations,
  patients: patientsOperations,
  prescribers: prescribersOperations,
  prescriptions: prescriptionsOperations,
  products: productsOperations,
  inventory: inventoryOperations,
  tasks: tasksOperations,
  search: searchOperations,
  reports: reportsOperations,
  notifications: notificationsOperations,
  barcodes: barcodesOperations,
  plants: plantsOperations,
  training: trainingOperations,
  drills: drillsOperations,
  openapi: openapiOperations,
} as const;

export type Operations = typeof operations;
export type Domain = keyof Operations;

/** Every operation once, in table order. */
export const operationList: readonly AnyOperation[] = Object.values(operations).flatMap(
  (verbs) => Object.values(verbs) as AnyOperation[],
);
