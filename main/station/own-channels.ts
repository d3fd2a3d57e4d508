// The app's own channels that belong to no other room: what the app is, its desktop notifications, printers, updates,
// connectivity, the service's drift and the carrier links. They receive the parts below; every other group of channels
// lives in the room that does its work (main/station/station.ts joins them).

import type { ChannelGroup } from '../../contract/ipc/channel-group.ts';
import type { AuditLog } from '../audit/index.ts';
import { StationError } from '../platform/errors/station-errors.ts';
import { updatesOff } from '../platform/updates/update-checks.ts';
import { isAllowedExternalUrl } from '../platform/web/external-links.ts';
import type { Backend } from '../service/backend/backend.ts';
import type { DriftLog } from '../service/client/index.ts';
import type { Connectivity } from '../service/connectivity/connectivity.ts';
import { requireCapability } from '../service/session/capability-gate.ts';
import type { Session } from '../service/session/index.ts';
import { readSettings, type SettingsReadParts } from '../service/settings/index.ts';
import { listPrinters, printTestPage } from '../work/print/index.ts';
import type { StationOptions } from './options.ts';

export interface OwnChannelParts extends SettingsReadParts {
  options: SettingsReadParts['options'] &
    Pick<StationOptions, 'version' | 'shell' | 'notifications' | 'printer' | 'updates' | 'openExternal'>;
  backend: Pick<Backend, 'kind' | 'demoAccounts' | 'baseUrl'>;
  session: Pick<Session, 'state'>;
  connectivity: Pick<Connectivity, 'state'>;
  drift: DriftLog;
  audit: Pick<AuditLog, 'standing'>;
  recordKeyKept: 'keychain' | 'memory';
}

type OwnChannel =
  | 'app:info'
  | 'app:desktopNotifications'
  | 'printers:list'
  | 'printers:testPage'
  | 'updates:state'
  | 'connectivity:state'
  | 'diagnostics:drift'
  | 'shell:openExternal';

export const ownHandlers: ChannelGroup<OwnChannel, OwnChannelParts> = {
  'app:info': (_, { options, backend, audit, recordKeyKept }) => {
    const training = backend.kind === 'training';
    // As the training service announced them at start; a real service's accounts are never listed.
    const demo = training ? backend.demoAccounts : null;
    return {
      name: 'Fulfillment Station',
      version: options.version,
      shell: options.shell,
      training,
      demoAccounts: demo?.accounts ?? [],
      demoPassword: demo?.password ?? null,
      // Every screen says it when the station's record is not keyed, or a broken chain was kept aside at start.
      auditRecord: audit.standing(),
      // Every screen says it when the station's key for the pharmacy record lives in memory for this run only.
      recordKey: { kept: recordKeyKept },
    };
  },
  'app:desktopNotifications': (_, { options }) => ({ failure: options.notifications?.failure?.() ?? null }),
  'printers:list': (_, { options }) => listPrinters(options.printer),
  'printers:testPage': async ({ kind }, parts) => {
    requireCapability(parts.session, 'change_printing', 'print a test page');
    return printTestPage(parts.options.printer, await readSettings(parts), kind);
  },
  'updates:state': (_, { options, session }) => {
    requireCapability(session, 'see_diagnostics', 'see the updates');
    return options.updates?.state() ?? updatesOff(options.version, 'Updates come with the installed desktop app.');
  },
  'connectivity:state': (_, { connectivity }) => connectivity.state(),
  // Field paths and kinds of values only; still an admin's view, as it describes the service the pharmacy runs on.
  'diagnostics:drift': (_, { drift, session, backend }) => {
    requireCapability(session, 'see_diagnostics', 'see the service diagnostics');
    return { since: drift.since(), service: backend.baseUrl, entries: drift.entries() };
  },
  'shell:openExternal': async ({ url }, { options }) => {
    if (!isAllowedExternalUrl(url)) {
      throw new StationError('not_allowed', 'Only carrier tracking pages (usps.com, ups.com) open from the station.');
    }
    // Without an opener (the browser shell) the page opens the link itself.
    return { opened: options.openExternal ? await options.openExternal(url) : false };
  },
};
