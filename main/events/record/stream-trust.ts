// Whom the station believes on the pharmacy's stream, decided where the record opens (enrolment-trust.ts): the relay's
// service events and the other stations' shares. The event system starts before the record is open, so until then
// every message waits (asked again later, never dropped).
import type { ServiceTrust, StationTrust } from '../../../kits/signed-facts/signed-messages.ts';

export interface StreamTrust {
  service: ServiceTrust;
  station: StationTrust;
}

/** A trust that says 'not yet' to everything until `open` gives it the record's. */
export function trustOnceOpen(): StreamTrust & { open(trust: StreamTrust): void } {
  let decided: StreamTrust | null = null;
  return {
    service: (...event) => decided?.service(...event) ?? 'not yet',
    station: (...message) => decided?.station(...message) ?? 'not yet',
    open(trust) {
      decided = trust;
    },
  };
}
