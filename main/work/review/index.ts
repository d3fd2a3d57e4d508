// The review room's surface for the rest of main: what its channels receive of the station (the verification's
// channels receive the same and more).
export type { AuditChannelParts } from './audit-channels.ts';
