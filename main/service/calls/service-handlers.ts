// The service channels' group, by channel name: each calls the one operation its channel carries, given as the
// contract's declaration (`'orders:get': serviceCall(operations.orders.get)`: go to its definition and you are at the
// operation), through the station's call path (service-calls.ts). The type makes the table list exactly the contract's
// service channels, each with the operation of its own domain and verb.
import type { ServiceCallInput, ServiceChannelName } from '../../../contract/ipc.ts';
import type { AnyOperation } from '../../../contract/service/operation.ts';
import { type Operations, operations } from '../../../contract/service/operations.ts';
import { checkedInput } from '../client/index.ts';
import { callService, type ServiceCallParts } from './service-calls.ts';

/** Runs one operation with the dispatcher's parsed input (checked once, there; the client sends it as it is). */
export interface ServiceHandler<O extends AnyOperation = AnyOperation> {
  (input: ServiceCallInput | undefined, parts: ServiceCallParts): Promise<unknown>;
  /** The operation's name (`orders.get`), as the channel names it. */
  readonly operation: string;
  readonly declaration: O;
}

/** `'orders:get'` → the type of `operations.orders.get`. */
type OperationAt<K extends ServiceChannelName> = K extends `${infer D extends keyof Operations}:${infer V}`
  ? V extends keyof Operations[D]
    ? Operations[D][V]
    : never
  : never;

export type ServiceHandlers = { readonly [K in ServiceChannelName]: ServiceHandler<OperationAt<K>> };

function serviceCall<O extends AnyOperation>(operation: O): ServiceHandler<O> {
  // The channel's input was parsed by this operation's own schemas (contract/ipc/service-channels.ts): the operation
  // is taken as the table's general shape here, whose input is the parsed params, query and body as they are.
  const declared: AnyOperation = operation;
  const handler = (input: ServiceCallInput | undefined, parts: ServiceCallParts) =>
    callService(declared, checkedInput(input ?? {}), parts);
  return Object.assign(handler, { operation: operation.name, declaration: operation });
}

export const serviceHandlers: ServiceHandlers = {
  'orders:list': serviceCall(operations.orders.list),
  'orders:get': serviceCall(operations.orders.get),
  'orders:create': serviceCall(operations.orders.create),
  'orders:update': serviceCall(operations.orders.update),
  'orders:statusHistory': serviceCall(operations.orders.statusHistory),
  'orders:unpause': serviceCall(operations.orders.unpause),
  'orders:requestCancellation': serviceCall(operations.orders.requestCancellation),
  'orders:requestReplacement': serviceCall(operations.orders.requestReplacement),
  'patients:list': serviceCall(operations.patients.list),
  'patients:create': serviceCall(operations.patients.create),
  'patients:get': serviceCall(operations.patients.get),
  'patients:update': serviceCall(operations.patients.update),
  'patients:guardianRelationshipTypes': serviceCall(operations.patients.guardianRelationshipTypes),
  'patients:orders': serviceCall(operations.patients.orders),
  'patients:riskFactors': serviceCall(operations.patients.riskFactors),
  'patients:createRiskFactors': serviceCall(operations.patients.createRiskFactors),
  'patients:createRiskFactor': serviceCall(operations.patients.createRiskFactor),
  'patients:deactivateRiskFactor': serviceCall(operations.patients.deactivateRiskFactor),
  'patients:confirmRiskFactor': serviceCall(operations.patients.confirmRiskFactor),
  'patients:parseRiskFactorText': serviceCall(operations.patients.parseRiskFactorText),
  'prescribers:list': serviceCall(operations.prescribers.list),
  'prescribers:create': serviceCall(operations.prescribers.create),
  'prescribers:get': serviceCall(operations.prescribers.get),
  'prescribers:credentials': serviceCall(operations.prescribers.credentials),
  'prescribers:supervisees': serviceCall(operations.prescribers.supervisees),
  'prescribers:createQualification': serviceCall(operations.prescribers.createQualification),
  'prescribers:updateQualification': serviceCall(operations.prescribers.updateQualification),
  'prescriptions:statuses': serviceCall(operations.prescriptions.statuses),
  'prescriptions:list': serviceCall(operations.prescriptions.list),
  'prescriptions:get': serviceCall(operations.prescriptions.get),
  'prescriptions:getElectronic': serviceCall(operations.prescriptions.getElectronic),
  'prescriptions:createElectronic': serviceCall(operations.prescriptions.createElectronic),
  'prescriptions:composite': serviceCall(operations.prescriptions.composite),
  'products:list': serviceCall(operations.products.list),
  'products:updateOrderMaterial': serviceCall(operations.products.updateOrderMaterial),
  'inventory:list': serviceCall(operations.inventory.list),
  'inventory:get': serviceCall(operations.inventory.get),
  'inventory:update': serviceCall(operations.inventory.update),
  'inventory:adjustQuantity': serviceCall(operations.inventory.adjustQuantity),
  'inventory:listAssociations': serviceCall(operations.inventory.listAssociations),
  'inventory:createAssociation': serviceCall(operations.inventory.createAssociation),
  'inventory:deleteAssociation': serviceCall(operations.inventory.deleteAssociation),
  'inventory:productInventory': serviceCall(operations.inventory.productInventory),
  'inventory:createProductInventory': serviceCall(operations.inventory.createProductInventory),
  'tasks:list': serviceCall(operations.tasks.list),
  'tasks:get': serviceCall(operations.tasks.get),
  'tasks:categories': serviceCall(operations.tasks.categories),
  'tasks:statuses': serviceCall(operations.tasks.statuses),
  'search:all': serviceCall(operations.search.all),
  'search:tasks': serviceCall(operations.search.tasks),
  'search:orders': serviceCall(operations.search.orders),
  'search:patients': serviceCall(operations.search.patients),
  'search:products': serviceCall(operations.search.products),
  'reports:orders': serviceCall(operations.reports.orders),
  'notifications:events': serviceCall(operations.notifications.events),
  'notifications:list': serviceCall(operations.notifications.list),
  'notifications:listWebhooks': serviceCall(operations.notifications.listWebhooks),
  'notifications:createWebhook': serviceCall(operations.notifications.createWebhook),
  'notifications:updateWebhook': serviceCall(operations.notifications.updateWebhook),
  'notifications:sendSample': serviceCall(operations.notifications.sendSample),
  'notifications:previewSample': serviceCall(operations.notifications.previewSample),
  'notifications:updateEmail': serviceCall(operations.notifications.updateEmail),
  'notifications:deliveries': serviceCall(operations.notifications.deliveries),
  'notifications:mailbox': serviceCall(operations.notifications.mailbox),
  'barcodes:list': serviceCall(operations.barcodes.list),
  'barcodes:create': serviceCall(operations.barcodes.create),
  'barcodes:verify': serviceCall(operations.barcodes.verify),
  'training:simulationState': serviceCall(operations.training.simulationState),
  'training:simulation': serviceCall(operations.training.simulation),
  'training:step': serviceCall(operations.training.step),
  'training:reset': serviceCall(operations.training.reset),
};
