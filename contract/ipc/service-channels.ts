// Channels that carry one service operation each, generated from the operations table: the renderer reads and writes
// the service through these, and main calls the operation with the signed-in client. Names: `orders.get` → `orders:get`.
import { z } from 'zod';
import type { AnyOperation } from '../service/operation.ts';
import { operationList } from '../service/operations.ts';
import { type Channel, defineChannel } from './channel.ts';

/**
 * The operations the renderer may reach. Not here, on purpose: auth (the session does it, tokens stay in main),
 * the webhook secret (main stores it; the renderer never sees it), task writes (they go through the outbox),
 * the sample plant interface and the OpenAPI document (not for the station).
 */
export const rendererOperationNames = [
  'orders.list',
  'orders.get',
  'orders.create',
  'orders.update',
  'orders.statusHistory',
  'orders.unpause',
  'orders.requestCancellation',
  'orders.requestReplacement',
  'patients.list',
  'patients.create',
  'patients.get',
  'patients.update',
  'patients.guardianRelationshipTypes',
  'patients.orders',
  'patients.riskFactors',
  'patients.createRiskFactors',
  'patients.createRiskFactor',
  'patients.deactivateRiskFactor',
  'patients.confirmRiskFactor',
  'patients.parseRiskFactorText',
  'prescribers.list',
  'prescribers.create',
  'prescribers.get',
  'prescribers.credentials',
  'prescribers.supervisees',
  'prescribers.createQualification',
  'prescribers.updateQualification',
  'prescriptions.statuses',
  'prescriptions.list',
  'prescriptions.get',
  'prescriptions.getElectronic',
  'prescriptions.createElectronic',
  'prescriptions.composite',
  'products.list',
  'products.updateOrderMaterial',
  'inventory.list',
  'inventory.get',
  'inventory.update',
  'inventory.adjustQuantity',
  'inventory.listAssociations',
  'inventory.createAssociation',
  'inventory.deleteAssociation',
  'inventory.productInventory',
  'inventory.createProductInventory',
  'tasks.list',
  'tasks.get',
  'tasks.categories',
  'tasks.statuses',
  'search.all',
  'search.tasks',
  'search.orders',
  'search.patients',
  'search.products',
  'reports.orders',
  'notifications.events',
  'notifications.list',
  'notifications.listWebhooks',
  'notifications.createWebhook',
  'notifications.updateWebhook',
  'notifications.sendSample',
  'notifications.previewSample',
  'notifications.updateEmail',
  'notifications.deliveries',
  'notifications.mailbox',
  'barcodes.list',
  'barcodes.create',
  'barcodes.verify',
  'training.simulationState',
  'training.simulation',
  'training.step',
  'training.reset',
] as const;

export type RendererOperationName = (typeof rendererOperationNames)[number];

/** `orders.get` → `orders:get`. */
export type ServiceChannelNameOf<N extends string> = N extends `${infer D}.${infer V}` ? `${D}:${V}` : never;
export type ServiceChannelName = ServiceChannelNameOf<RendererOperationName>;

/** What a service channel takes: the operation's path params, query and body (each checked by its own schema). */
export interface ServiceCallInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

/** A service channel names the operation it carries. */
export interface ServiceChannel<N extends RendererOperationName = RendererOperationName>
  extends Channel<ServiceChannelNameOf<N>, z.ZodType<ServiceCallInput>, z.ZodType> {
  readonly operation: N;
}

/** Keyed by each channel's literal name: `serviceChannels['orders:get'].operation` is `'orders.get'`. */
export type ServiceChannels = { readonly [N in RendererOperationName as ServiceChannelNameOf<N>]: ServiceChannel<N> };

function operationNamed(name: string): AnyOperation {
  const operation = operationList.find((candidate) => candidate.name === name);
  if (!operation) throw new Error(`no operation ${name} in the table`);
  return operation;
}

/** The input of a service channel: the operation's own params, query and body schemas, plus an idempotency key. */
function inputFor(operation: AnyOperation): z.ZodType<ServiceCallInput> {
  const hasParams = operation.params instanceof z.ZodObject && Object.keys(operation.params.shape).length > 0;
  const hasBody = !(operation.body instanceof z.ZodUndefined);
  return z.strictObject({
    ...(hasParams ? { params: operation.params } : {}),
    query: operation.query.optional(),
    ...(hasBody ? { body: operation.body } : {}),
  });
}

export function serviceChannelName<N extends string>(operationName: N): ServiceChannelNameOf<N> {
  return operationName.replace('.', ':') as ServiceChannelNameOf<N>;
}

function serviceChannel<N extends RendererOperationName>(name: N): ServiceChannel<N> {
  const operation = operationNamed(name);
  const channel = defineChannel(serviceChannelName(name), {
    input: inputFor(operation),
    output: operation.response,
    summary: operation.summary,
  });
  return Object.freeze({ ...channel, operation: name });
}

// Built from the list, so the key type is declared (ServiceChannels) rather than inferred: Object.fromEntries only
// knows `string` keys. test/unit/contract/ipc.test.ts checks that each key is its channel's name and names its operation.
export const serviceChannels = Object.fromEntries(
  rendererOperationNames.map((name) => [serviceChannelName(name), serviceChannel(name)]),
) as ServiceChannels;
