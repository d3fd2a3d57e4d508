// Every domain's handlers, keyed like the contract's operations table.
import type { operations } from '../../contract/service/operations.ts';
import { LoginThrottle } from '../auth/login-throttle.ts';
import type { ServiceDeps } from '../deps/service-deps.ts';
import type { Handlers } from '../http/handler.ts';
import type { Simulation } from '../simulation/simulation.ts';
import { authHandlers } from './auth.ts';
import { barcodesHandlers } from './barcodes/handlers.ts';
import { drillsHandlers } from './drills/handlers.ts';
import { inventoryHandlers } from './inventory/handlers.ts';
import { notificationsHandlers } from './notifications/handlers.ts';
import { openapiHandlers } from './openapi/handlers.ts';
import { ordersHandlers } from './orders/handlers.ts';
import { listOrders } from './orders/index.ts';
import { patientsHandlers } from './patients/handlers.ts';
import { plantsHandlers } from './plants/handlers.ts';
import { prescribersHandlers } from './prescribers/handlers.ts';
import { prescriptionsHandlers } from './prescriptions/handlers.ts';
import { productsHandlers } from './products/handlers.ts';
import { reportsHandlers } from './reports/handlers.ts';
import { searchHandlers } from './search/handlers.ts';
import { tasksHandlers } from './tasks/handlers.ts';
import { trainingHandlers } from './training/handlers.ts';

/** The simulation goes to the training controls alone; the other domains get what `ServiceDeps` holds. */
export function domainHandlers(deps: ServiceDeps, simulation: Simulation): Handlers<typeof operations> {
  return {
    auth: authHandlers(deps.tokens, deps.wallClock, new LoginThrottle(deps.wallClock)),
    orders: ordersHandlers(),
    patients: patientsHandlers(deps, (db, patientId, page, now) => listOrders(db, { patientId }, page, now)),
    prescribers: prescribersHandlers(),
    prescriptions: prescriptionsHandlers(),
    products: productsHandlers(),
    inventory: inventoryHandlers(),
    tasks: tasksHandlers(),
    search: searchHandlers(deps),
    reports: reportsHandlers(),
    training: trainingHandlers(simulation, deps.workers),
    drills: drillsHandlers(),
    notifications: notificationsHandlers(deps),
    barcodes: barcodesHandlers(),
    plants: plantsHandlers(deps),
    openapi: openapiHandlers(),
  };
}
