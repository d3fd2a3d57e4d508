// `window.station`'s channels by name only: one entry per channel of the contract, `station.<domain>.<verb>`, written
// out so the preload bundles no schema (only types are imported) and the compiler checks the list: `satisfies` refuses
// a channel missing, one too many or one misnamed. test/unit/preload/channel-calls.test.ts compares it with the contract.
// `buildStationApi` (station-api.ts) gives those names a transport: the Electron preload's IPC or the browser shell's bridge.
import type { ChannelName, IpcResult, StationApi, StationEventName } from '../contract/ipc.ts';

type ResultOf<F> = F extends (input: never) => Promise<IpcResult<infer O>> ? O : never;

/** What main answers on channel K, as `window.station`'s type declares it (`orders:get` → station.orders.get's). */
export type ChannelAnswer<K extends ChannelName> = IpcResult<
  K extends `${infer D}:${infer V}`
    ? D extends keyof StationApi
      ? V extends keyof StationApi[D]
        ? ResultOf<StationApi[D][V]>
        : never
      : never
    : never
>;

/** One channel's function: its input goes out as given, main's answer comes back. */
export type ChannelCall = <K extends ChannelName>(channel: K) => (input?: unknown) => Promise<ChannelAnswer<K>>;

/** The contract's events (`station.on`), by name. */
export const stationEventNames = [
  'connectivity.changed',
  'notification.clicked',
  'order.event',
  'order.interrupted',
  'outbox.changed',
  'pharmacy.settingsChanged',
  'pharmacy.shared',
  'print.drawing',
  'session.changed',
] as const satisfies readonly StationEventName[];

/** Every channel as `domain.verb`, each a call on the channel's own name. */
export function channelCalls(call: ChannelCall) {
  return {
    app: {
      desktopNotifications: call('app:desktopNotifications'),
      info: call('app:info'),
    },
    audit: {
      acknowledgeUnkeyed: call('audit:acknowledgeUnkeyed'),
      adjustments: call('audit:adjustments'),
      export: call('audit:export'),
      list: call('audit:list'),
      recordReview: call('audit:recordReview'),
      reviews: call('audit:reviews'),
      stops: call('audit:stops'),
    },
    barcodes: {
      create: call('barcodes:create'),
      list: call('barcodes:list'),
      verify: call('barcodes:verify'),
    },
    connectivity: { state: call('connectivity:state') },
    diagnostics: { drift: call('diagnostics:drift') },
    drills: {
      competency: call('drills:competency'),
      done: call('drills:done'),
      list: call('drills:list'),
      results: call('drills:results'),
      start: call('drills:start'),
    },
    finalCheck: { queue: call('finalCheck:queue'), scan: call('finalCheck:scan') },
    events: {
      checkNow: call('events:checkNow'),
      recent: call('events:recent'),
    },
    inventory: {
      adjustQuantity: call('inventory:adjustQuantity'),
      adjustWitnessed: call('inventory:adjustWitnessed'),
      createAssociation: call('inventory:createAssociation'),
      createProductInventory: call('inventory:createProductInventory'),
      deleteAssociation: call('inventory:deleteAssociation'),
      get: call('inventory:get'),
      list: call('inventory:list'),
      listAssociations: call('inventory:listAssociations'),
      productInventory: call('inventory:productInventory'),
      update: call('inventory:update'),
    },
    notifications: {
      createWebhook: call('notifications:createWebhook'),
      deliveries: call('notifications:deliveries'),
      events: call('notifications:events'),
      list: call('notifications:list'),
      listWebhooks: call('notifications:listWebhooks'),
      mailbox: call('notifications:mailbox'),
      previewSample: call('notifications:previewSample'),
      rotateSecret: call('notifications:rotateSecret'),
      sendSample: call('notifications:sendSample'),
      shareSecret: call('notifications:shareSecret'),
      stationWebhook: call('notifications:stationWebhook'),
      updateEmail: call('notifications:updateEmail'),
      updateWebhook: call('notifications:updateWebhook'),
    },
    orders: {
      create: call('orders:create'),
      get: call('orders:get'),
      list: call('orders:list'),
      requestCancellation: call('orders:requestCancellation'),
      requestReplacement: call('orders:requestReplacement'),
      statusHistory: call('orders:statusHistory'),
      unpause: call('orders:unpause'),
      update: call('orders:update'),
    },
    outbox: {
      discard: call('outbox:discard'),
      edit: call('outbox:edit'),
      list: call('outbox:list'),
      retry: call('outbox:retry'),
    },
    patients: {
      confirmRiskFactor: call('patients:confirmRiskFactor'),
      create: call('patients:create'),
      createRiskFactor: call('patients:createRiskFactor'),
      createRiskFactors: call('patients:createRiskFactors'),
      deactivateRiskFactor: call('patients:deactivateRiskFactor'),
      get: call('patients:get'),
      guardianRelationshipTypes: call('patients:guardianRelationshipTypes'),
      list: call('patients:list'),
      orders: call('patients:orders'),
      parseRiskFactorText: call('patients:parseRiskFactorText'),
      riskFactors: call('patients:riskFactors'),
      update: call('patients:update'),
    },
    pharmacy: {
      claim: call('pharmacy:claim'),
      enrolment: call('pharmacy:enrolment'),
      relayPassword: call('pharmacy:relayPassword'),
      state: call('pharmacy:state'),
    },
    prescribers: {
      create: call('prescribers:create'),
      createQualification: call('prescribers:createQualification'),
      credentials: call('prescribers:credentials'),
      get: call('prescribers:get'),
      list: call('prescribers:list'),
      supervisees: call('prescribers:supervisees'),
      updateQualification: call('prescribers:updateQualification'),
    },
    prescriptions: {
      composite: call('prescriptions:composite'),
      createElectronic: call('prescriptions:createElectronic'),
      get: call('prescriptions:get'),
      getElectronic: call('prescriptions:getElectronic'),
      list: call('prescriptions:list'),
      statuses: call('prescriptions:statuses'),
    },
    print: {
      check: call('print:check'),
      document: call('print:document'),
      drawn: call('print:drawn'),
      history: call('print:history'),
      prepare: call('print:prepare'),
    },
    printers: {
      list: call('printers:list'),
      testPage: call('printers:testPage'),
    },
    products: {
      list: call('products:list'),
      updateOrderMaterial: call('products:updateOrderMaterial'),
    },
    report: { inspector: call('report:inspector') },
    reports: { orders: call('reports:orders') },
    scan: { resolve: call('scan:resolve') },
    search: {
      all: call('search:all'),
      orders: call('search:orders'),
      patients: call('search:patients'),
      products: call('search:products'),
      tasks: call('search:tasks'),
    },
    session: {
      confirmPharmacist: call('session:confirmPharmacist'),
      confirmService: call('session:confirmService'),
      lock: call('session:lock'),
      signIn: call('session:signIn'),
      signOut: call('session:signOut'),
      state: call('session:state'),
      unlock: call('session:unlock'),
    },
    settings: {
      get: call('settings:get'),
      policy: call('settings:policy'),
      update: call('settings:update'),
      pharmacy: call('settings:pharmacy'),
      changePharmacy: call('settings:changePharmacy'),
    },
    shell: { openExternal: call('shell:openExternal') },
    tasks: {
      categories: call('tasks:categories'),
      enqueue: call('tasks:enqueue'),
      forOrder: call('tasks:forOrder'),
      get: call('tasks:get'),
      list: call('tasks:list'),
      statuses: call('tasks:statuses'),
    },
    training: {
      reset: call('training:reset'),
      simulation: call('training:simulation'),
      simulationState: call('training:simulationState'),
      step: call('training:step'),
    },
    updates: { state: call('updates:state') },
    workQueue: { get: call('workQueue:get'), orderHolds: call('workQueue:orderHolds') },
    review: { open: call('review:open') },
    verify: {
      answerStop: call('verify:answerStop'),
      dropRun: call('verify:dropRun'),
      finish: call('verify:finish'),
      scan: call('verify:scan'),
      start: call('verify:start'),
      undo: call('verify:undo'),
    },
  } satisfies Omit<StationApi, 'on'>;
}
