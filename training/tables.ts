// Every area's tables, in migration order: the one list that collects what each area declares beside itself
// (`<area>-schema.ts`), so the database layer below imports none of them.
import { usersTable } from './auth/auth-schema.ts';
import { migrationsOf, type SchemaPart } from './database/migrations.ts';
import { sharedTables } from './database/shared-tables.ts';
import { notificationsTables } from './delivery/delivery-schema.ts';
import { barcodesTable } from './domains/barcodes/barcodes-schema.ts';
import { inventoryTables } from './domains/inventory/inventory-schema.ts';
import { ordersTables } from './domains/orders/orders-schema.ts';
import { patientsTables, riskFactorTextQueue } from './domains/patients/patients-schema.ts';
import { plantsTable } from './domains/plants/plants-schema.ts';
import { prescribersTables } from './domains/prescribers/prescribers-schema.ts';
import { prescriptionsTables } from './domains/prescriptions/prescriptions-schema.ts';
import { productsTable } from './domains/products/products-schema.ts';
import { searchIndexTables } from './domains/search/search-schema.ts';
import { tasksTables } from './domains/tasks/tasks-schema.ts';
import { idempotencySchema } from './http/idempotency.ts';
import { openRunsTable, simulationTables } from './simulation/simulation-schema.ts';

/**
 * Versions are released: a new table or index is a new part with the next version, at the end. Within a version the
 * parts run in this order (a table's foreign keys name tables of earlier parts or its own).
 */
export const schemaParts: readonly SchemaPart[] = [
  sharedTables,
  usersTable,
  { version: 1, name: 'idempotency keys', sql: idempotencySchema },
  patientsTables,
  prescribersTables,
  productsTable,
  inventoryTables,
  ordersTables,
  prescriptionsTables,
  tasksTables,
  searchIndexTables,
  notificationsTables,
  barcodesTable,
  plantsTable,
  riskFactorTextQueue,
  simulationTables,
  openRunsTable,
];

/** The migrations the service runs when it opens its database. */
export const migrations = migrationsOf(schemaParts);
