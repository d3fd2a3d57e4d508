// Every domain's handlers, keyed like the contract's operations table.
import type { operations } from '../../../contract/service/operations.ts';
import type { Handlers } from '../http/handler.ts';
import type { ServiceDeps } from '../service.ts';
import { authHandlers } from './auth.ts';
import { inventoryHandlers } from './inventory/handlers.ts';
import { ordersHandlers } from './orders/handlers.ts';
import { patientsHandlers } from './patients/handlers.ts';
import { prescribersHandlers } from './prescribers/handlers.ts';
import { prescriptionsHandlers } from './prescriptions/handlers.ts';
import { productsHandlers } from './products/handlers.ts';
import { tasksHandlers } from './tasks/handlers.ts';

export function domainHandlers(deps: ServiceDeps): Handlers<typeof operations> {
  return {
    auth: authHandlers(deps.tokens),
    orders: ordersHandlers(),
    patients: patientsHandlers(),
    prescribers: prescribersHandlers(),
    prescriptions: prescriptionsHandlers(),
    products: productsHandlers(),
    inventory: inventoryHandlers(),
    tasks: tasksHandlers(),
  };
}
