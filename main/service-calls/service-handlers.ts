// The service channels' handlers, by channel name: each calls the one operation its channel carries, with the
// signed-in client (service-calls.ts). The type makes the table list exactly the contract's service channels, each
// with its own operation: `'orders:get'` can only be `serviceCall('orders.get')`.
import type { RendererOperationName, ServiceCallInput, ServiceChannelName } from '../../contract/ipc.ts';
import { checkedInput } from '../service/index.ts';
import type { StationParts } from '../station/parts.ts';
import { callService } from './service-calls.ts';

/** Runs one operation with the dispatcher's parsed input (checked once, there; the client sends it as it is). */
export interface ServiceHandler<N extends RendererOperationName = RendererOperationName> {
  (input: ServiceCallInput | undefined, parts: StationParts): Promise<unknown>;
  readonly operation: N;
}

type OperationOf<K extends ServiceChannelName> = K extends `${infer D}:${infer V}`
  ? `${D}.${V}` & RendererOperationName
  : never;

export type ServiceHandlers = { readonly [K in ServiceChannelName]: ServiceHandler<OperationOf<K>> };

function serviceCall<N extends RendererOperationName>(operation: N): ServiceHandler<N> {
  const handler = (input: ServiceCallInput | undefined, parts: StationParts) =>
    callService(operation, checkedInput(input ?? {}), parts);
  return Object.assign(handler, { operation });
}

export const serviceHandlers: ServiceHandlers = {
  'orders:list': serviceCall('orders.list'),
  'orders:get': serviceCall('orders.get'),
  'orders:create': serviceCall('orders.create'),
  'orders:update': serviceCall('orders.update'),
  'orders:statusHistory': serviceCall('orders.statusHistory'),
  'orders:unpause': serviceCall('orders.unpause'),
  'orders:requestCancellation': serviceCall('orders.requestCancellation'),
  'orders:requestReplacement': serviceCall('orders.requestReplacement'),
  'patients:list': serviceCall('patients.list'),
  'patients:create': serviceCall('patients.create'),
  'patients:get': serviceCall('patients.get'),
  'patients:update': serviceCall('patients.update'),
  'patients:guardianRelationshipTypes': serviceCall('patients.guardianRelationshipTypes'),
  'patients:orders': serviceCall('patients.orders'),
  'patients:riskFactors': serviceCall('patients.riskFactors'),
  'patients:createRiskFactors': serviceCall('patients.createRiskFactors'),
  'patients:createRiskFactor': serviceCall('patients.createRiskFactor'),
  'patients:deactivateRiskFactor': serviceCall('patients.deactivateRiskFactor'),
  'patients:confirmRiskFactor': serviceCall('patients.confirmRiskFactor'),
  'patients:parseRiskFactorText': serviceCall('patients.parseRiskFactorText'),
  'prescribers:list': serviceCall('prescribers.list'),
  'prescribers:create': serviceCall('prescribers.create'),
  'prescribers:get': serviceCall('prescribers.get'),
  'prescribers:credentials': serviceCall('prescribers.credentials'),
  'prescribers:supervisees': serviceCall('prescribers.supervisees'),
  'prescribers:createQualification': serviceCall('prescribers.createQualification'),
  'prescribers:updateQualification': serviceCall('prescribers.updateQualification'),
  'prescriptions:statuses': serviceCall('prescriptions.statuses'),
  'prescriptions:list': serviceCall('prescriptions.list'),
  'prescriptions:get': serviceCall('prescriptions.get'),
  'prescriptions:getElectronic': serviceCall('prescriptions.getElectronic'),
  'prescriptions:createElectronic': serviceCall('prescriptions.createElectronic'),
  'prescriptions:composite': serviceCall('prescriptions.composite'),
  'products:list': serviceCall('products.list'),
  'products:updateOrderMaterial': serviceCall('products.updateOrderMaterial'),
  'inventory:list': serviceCall('inventory.list'),
  'inventory:get': serviceCall('inventory.get'),
  'inventory:update': serviceCall('inventory.update'),
  'inventory:adjustQuantity': serviceCall('inventory.adjustQuantity'),
  'inventory:listAssociations': serviceCall('inventory.listAssociations'),
  'inventory:createAssociation': serviceCall('inventory.createAssociation'),
  'inventory:deleteAssociation': serviceCall('inventory.deleteAssociation'),
  'inventory:productInventory': serviceCall('inventory.productInventory'),
  'inventory:createProductInventory': serviceCall('inventory.createProductInventory'),
  'tasks:list': serviceCall('tasks.list'),
  'tasks:get': serviceCall('tasks.get'),
  'tasks:categories': serviceCall('tasks.categories'),
  'tasks:statuses': serviceCall('tasks.statuses'),
  'search:all': serviceCall('search.all'),
  'search:tasks': serviceCall('search.tasks'),
  'search:orders': serviceCall('search.orders'),
  'search:patients': serviceCall('search.patients'),
  'search:products': serviceCall('search.products'),
  'reports:orders': serviceCall('reports.orders'),
  'notifications:events': serviceCall('notifications.events'),
  'notifications:list': serviceCall('notifications.list'),
  'notifications:listWebhooks': serviceCall('notifications.listWebhooks'),
  'notifications:createWebhook': serviceCall('notifications.createWebhook'),
  'notifications:updateWebhook': serviceCall('notifications.updateWebhook'),
  'notifications:sendSample': serviceCall('notifications.sendSample'),
  'notifications:previewSample': serviceCall('notifications.previewSample'),
  'notifications:updateEmail': serviceCall('notifications.updateEmail'),
  'notifications:deliveries': serviceCall('notifications.deliveries'),
  'notifications:mailbox': serviceCall('notifications.mailbox'),
  'barcodes:list': serviceCall('barcodes.list'),
  'barcodes:create': serviceCall('barcodes.create'),
  'barcodes:verify': serviceCall('barcodes.verify'),
  'training:simulationState': serviceCall('training.simulationState'),
  'training:simulation': serviceCall('training.simulation'),
  'training:step': serviceCall('training.step'),
  'training:reset': serviceCall('training.reset'),
};
